// The server build's loader for stylesheets: a module with nothing in it. Styles reach the page through the browser
// build's <link>s; the server only renders markup, and an `import './styles.css'` must not fail there.
/* global module */
module.exports = function emptyStyleLoader() {
  return 'export {};';
};
