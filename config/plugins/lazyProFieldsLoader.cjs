// Webpack loader for pro-field's index (see lazyProFields.ts). Webpack loads loaders with Node's
// require, which reads no TypeScript: tsx compiles the module it calls.
const { require: requireTs } = require('tsx/cjs/api');

const { lazyFieldImports } = requireTs('./lazyProFields.ts', __filename);

module.exports = function lazyProFieldsLoader(source) {
  return lazyFieldImports(source);
};
