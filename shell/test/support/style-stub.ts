// Stylesheets are the bundler's business; in tests an import of a .css file is this empty module.
export {};
