// The value exports (functions, classes, constants; not types) that the
// package's declarations give a TypeScript file of an installed project, as
// tsc resolves them (NodeNext): `import` from an ES module (web/index.d.mts)
// and `require` from a CommonJS one (web/index.d.ts). Read with TypeScript's
// own checker, so that re-exports count as tsc counts them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const PROBES = {
  import: ['probe-exports.mts', "import * as pkg from 'wasm-tensor-ops';\nexport { pkg };\n"],
  require: ['probe-exports.cts', "import pkg = require('wasm-tensor-ops');\nexport { pkg };\n"],
};

/** { import: [...names], require: [...names], files: { import, require } } for the project in `dir`. */
export function declaredValueExports(dir) {
  const files = {};
  for (const [kind, [name, text]] of Object.entries(PROBES)) {
    files[kind] = path.join(dir, name);
    writeFileSync(files[kind], text);
  }
  const program = ts.createProgram(Object.values(files), {
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022, strict: true, noEmit: true, types: [],
  });
  const checker = program.getTypeChecker();
  const result = { files: {} };
  for (const [kind, file] of Object.entries(files)) {
    const source = program.getSourceFile(file);
    const specifier = source.statements[0].moduleSpecifier ?? source.statements[0].moduleReference.expression;
    const moduleSymbol = checker.getSymbolAtLocation(specifier);
    if (!moduleSymbol) throw new Error(`${path.basename(file)}: tsc does not resolve 'wasm-tensor-ops'`);
    result.files[kind] = moduleSymbol.declarations[0].getSourceFile().fileName;
    result[kind] = checker.getExportsOfModule(moduleSymbol)
      .filter((symbol) => {
        const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((symbol) => symbol.name)
      .sort();
  }
  return result;
}
