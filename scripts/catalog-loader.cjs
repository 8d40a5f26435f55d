/**
 * The message catalogues (src/kernel/i18n/catalogs/*.json), compiled with Lingui's own compiler at build time, so
 * the pages ship no ICU compiler: a webpack loader, and the same as a jest transform (tests run what ships).
 */
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: webpack and jest both require() it. */
const crypto = require('node:crypto');
const fs = require('node:fs');
const { compileMessage } = require('@lingui/message-utils/compileMessage');

function compileCatalog(source) {
  const catalog = JSON.parse(source);
  return JSON.stringify(
    Object.fromEntries(Object.entries(catalog).map(([id, message]) => [id, compileMessage(message)])),
  );
}

module.exports = function catalogLoader(source) {
  return `export default ${compileCatalog(source)};`;
};
// jest reads a .json module as JSON, after its transform.
module.exports.process = (source) => ({ code: compileCatalog(source) });
// jest's cache must change when this file or Lingui's compiler does, not only when a catalogue does.
module.exports.getCacheKey = (source, filename) =>
  crypto
    .createHash('sha256')
    .update(source)
    .update(filename)
    .update(fs.readFileSync(__filename))
    .update(fs.readFileSync(require.resolve('@lingui/message-utils/compileMessage')))
    .digest('hex');
