// A tiny JSON reader for the tests' fixtures (tests/fixtures/selection.json):
// objects, arrays, strings without escapes beyond \" and \\, integers
// (kept exact as int64 / uint64 text), true / false / null. Not a general
// parser: the fixtures are machine-written and known to be well formed.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mj {

struct Value {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  std::string text;  // a number's digits, or a string
  std::vector<Value> items;
  std::map<std::string, Value> fields;

  const Value& operator[](const std::string& key) const {
    static const Value none;
    auto it = fields.find(key);
    return it == fields.end() ? none : it->second;
  }
  bool has(const std::string& key) const { return fields.count(key) != 0; }
  int64_t i64() const { return static_cast<int64_t>(std::strtoll(text.c_str(), nullptr, 10)); }
  bool b() const { return boolean; }
  const std::string& str() const { return text; }
  std::vector<int64_t> ints() const {
    std::vector<int64_t> v;
    for (const Value& x : items) v.push_back(x.i64());
    return v;
  }
};

class Parser {
 public:
  explicit Parser(const char* text) : p_(text) {}
  Value parse() {
    skip();
    Value v;
    if (*p_ == '{') {
      v.kind = Value::Object;
      ++p_;
      skip();
      while (*p_ != '}') {
        std::string key = string();
        skip();
        ++p_;  // ':'
        v.fields[key] = parse();
        skip();
        if (*p_ == ',') ++p_;
        skip();
      }
      ++p_;
    } else if (*p_ == '[') {
      v.kind = Value::Array;
      ++p_;
      skip();
      while (*p_ != ']') {
        v.items.push_back(parse());
        skip();
        if (*p_ == ',') ++p_;
        skip();
      }
      ++p_;
    } else if (*p_ == '"') {
      v.kind = Value::String;
      v.text = string();
    } else if (*p_ == 't' || *p_ == 'f' || *p_ == 'n') {
      v.kind = *p_ == 'n' ? Value::Null : Value::Bool;
      v.boolean = *p_ == 't';
      while (*p_ >= 'a' && *p_ <= 'z') ++p_;
    } else {
      v.kind = Value::Number;
      while (*p_ == '-' || *p_ == '+' || *p_ == '.' || *p_ == 'e' || *p_ == 'E' || (*p_ >= '0' && *p_ <= '9')) {
        v.text += *p_++;
      }
    }
    return v;
  }

 private:
  void skip() {
    while (*p_ == ' ' || *p_ == '\n' || *p_ == '\t' || *p_ == '\r') ++p_;
  }
  std::string string() {
    std::string s;
    ++p_;  // '"'
    while (*p_ != '"') {
      if (*p_ == '\\') ++p_;
      s += *p_++;
    }
    ++p_;
    return s;
  }
  const char* p_;
};

inline Value parse(const char* text) { return Parser(text).parse(); }

}  // namespace mj
