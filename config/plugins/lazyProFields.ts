import type { IApi } from '@umijs/max';
import { join } from 'node:path';

/**
 * ProComponents' field (`@ant-design/pro-field`) imports a component for every value type it
 * knows, and every ProTable and ProForm imports the field: the admin tables' first load brought
 * the colour picker, the cascader, the tree select, the slider, the image viewer, the date and
 * time pickers and more, none of which a page of ours shows. These value types are loaded at their
 * first use instead (React.lazy): a page that shows one waits for its chunk once, in the nearest
 * Suspense boundary. The types our pages use (text, text area, password, select, digit, status,
 * the options column) and those other ProComponents packages import by name stay in the chunk.
 */
export const LAZY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  Cascader: ['FieldCascader'],
  Checkbox: ['FieldCheckbox'],
  Code: ['FieldCode'],
  ColorPicker: ['FieldColorPicker'],
  DatePicker: ['FieldDatePicker'],
  DigitRange: ['FieldDigitRange'],
  FromNow: ['FieldFromNow'],
  Image: ['FieldImage'],
  Money: ['FieldMoney'],
  Percent: ['FieldPercent'],
  Progress: ['FieldProgress'],
  Radio: ['FieldRadio'],
  RangePicker: ['FieldRangePicker'],
  Rate: ['FieldRate'],
  Second: ['FieldSecond'],
  Segmented: ['FieldSegmented'],
  Slider: ['FieldSlider'],
  Switch: ['FieldSwitch'],
  TimePicker: ['FieldTimePicker', 'FieldTimeRangePicker'],
  TreeSelect: ['FieldTreeSelect'],
};

/** The chunk the lazy value types share: loaded together, the first time a page shows one. */
const CHUNK_NAME = 'pro-field-more';

/** The import statement of `./components/<dir>` as pro-field's index writes it: a default, then named ones. */
function importOf(dir: string, [first, ...named]: readonly string[]): string {
  const names = named.length ? `${first}, { ${named.join(', ')} }` : first;
  return `import ${names} from "./components/${dir}";`;
}

/**
 * pro-field's `es/index.js` with the LAZY_FIELDS imports made lazy components. Throws when one of
 * them is not written as expected (a ProComponents upgrade): the build stops rather than ship
 * them eagerly unnoticed, or half rewritten.
 */
export function lazyFieldImports(source: string): string {
  let out = source;
  const lazies: string[] = [];
  for (const [dir, names] of Object.entries(LAZY_FIELDS)) {
    const statement = importOf(dir, names);
    if (!out.includes(statement)) {
      throw new Error(`lazyProFields: pro-field's index no longer has \`${statement}\``);
    }
    out = out.replace(statement, '');
    const [first, ...named] = names;
    const load = `import(/* webpackChunkName: "${CHUNK_NAME}" */ "./components/${dir}")`;
    lazies.push(`var ${first} = __lazyField(function () { return ${load}; });`);
    for (const name of named) {
      lazies.push(
        `var ${name} = __lazyField(function () { return ${load}.then(function (m) { return { default: m.${name} }; }); });`,
      );
    }
  }
  return [`import { lazy as __lazyField } from "react";`, out, ...lazies].join('\n');
}

/** The path of pro-field's index, where the value types are imported. */
export const PRO_FIELD_INDEX = /[\\/]@ant-design[\\/]pro-field[\\/]es[\\/]index\.js$/;

export default (api: IApi) => {
  api.chainWebpack((memo) => {
    memo.module
      .rule('lazy-pro-fields')
      .test(PRO_FIELD_INDEX)
      .use('lazy-pro-fields')
      .loader(join(__dirname, 'lazyProFieldsLoader.cjs'));
    return memo;
  });
};
