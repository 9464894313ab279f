// The host's first-view singletons are eager (web-core/build/create-config.js FIRST_VIEW_SINGLETONS): they are in the
// entry's own files and provided before any code runs, so the app starts without an async boundary (one round trip
// fewer than `import('./bootstrap')`).
import './bootstrap.tsx';
