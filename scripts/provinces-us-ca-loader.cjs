/**
 * webpack loader for provinces/provinces.json: keeps only the U.S. and Canadian entries, the only ones
 * src/kernel/form/options/states.ts reads. The package's list covers every country (79 KB, about 13 KB of
 * brotli in every form page's download); this keeps under 5 KB of it. Tests import the whole file unchanged.
 */
module.exports = function keepUsAndCanada(source) {
  const entries = JSON.parse(source);
  return JSON.stringify(entries.filter((entry) => entry.country === 'US' || entry.country === 'CA'));
};
