/** @jest-environment node */
import fs from 'node:fs';
import ts from 'typescript';
import { LAZY_FIELDS, lazyFieldImports } from './lazyProFields';

/** The installed pro-field's index, as webpack reads it. */
const INDEX = require.resolve('@ant-design/pro-field/es/index.js');
const source = fs.readFileSync(INDEX, 'utf8');

/** The module's static imports (their paths) and its `var`s made by the lazy loader (their names). */
function shapeOf(code: string) {
  const file = ts.createSourceFile('index.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const imports: string[] = [];
  const lazy: string[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      imports.push(statement.moduleSpecifier.text);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        if (init && ts.isCallExpression(init) && init.expression.getText(file) === '__lazyField') {
          lazy.push(declaration.name.getText(file));
        }
      }
    }
  }
  return { imports, lazy };
}

/** Syntax errors of `code` read as a JavaScript module. */
function syntaxErrors(code: string) {
  const { diagnostics = [] } = ts.transpileModule(code, {
    fileName: 'index.js',
    reportDiagnostics: true,
    compilerOptions: { allowJs: true, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2020 },
  });
  return diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('pro-field’s rarely used value types, loaded at first use', () => {
  const lazyDirs = Object.keys(LAZY_FIELDS).map((dir) => `./components/${dir}`);

  test('the installed index imports every one of them statically, as the rewrite expects', () => {
    const { imports } = shapeOf(source);
    expect(imports).toEqual(expect.arrayContaining(lazyDirs));
  });

  test('rewritten, none is imported statically; each name is a lazy component; the others stay', () => {
    const rewritten = lazyFieldImports(source);
    expect(syntaxErrors(rewritten)).toEqual([]);
    const { imports, lazy } = shapeOf(rewritten);
    expect(imports.filter((path) => lazyDirs.includes(path))).toEqual([]);
    expect(lazy.sort()).toEqual(Object.values(LAZY_FIELDS).flat().sort());
    // The value types our pages show, and those other ProComponents packages import by name.
    for (const dir of ['Select', 'Text', 'TextArea', 'Password', 'Digit', 'Status', 'Options', 'IndexColumn']) {
      expect(imports).toContain(`./components/${dir}`);
    }
    // Each loads its own module, into one shared chunk; a named export is taken from it.
    expect(rewritten).toContain('import(/* webpackChunkName: "pro-field-more" */ "./components/ColorPicker")');
    expect(rewritten).toMatch(
      /var FieldTimeRangePicker = __lazyField\(function \(\) \{ return import\([^)]*"\.\/components\/TimePicker"\)\.then\(function \(m\) \{ return \{ default: m\.FieldTimeRangePicker \}; \}\); \}\);/,
    );
    // Everything else is as it was.
    expect(rewritten).toContain(source.slice(source.indexOf('var defaultRenderTextByObject')));
  });

  test('an index that no longer imports one as expected stops the build, naming the import', () => {
    const changed = source.replace('import FieldRate from "./components/Rate";', 'import FieldRate from "./components/Rate/index.js";');
    expect(() => lazyFieldImports(changed)).toThrow('import FieldRate from "./components/Rate";');
  });
});
