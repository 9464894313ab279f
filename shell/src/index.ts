// The host's first-view singletons are eager (web-core/build/create-config.js FIRST_VIEW_SINGLETONS): they are in the
// entry's own files and provided before any code runs, so the app starts without a request between this file and its
// first render. `eager` keeps bootstrap.tsx in this file too; the import only decides when it runs: in a task of its
// own, after this one. Module Federation's start (its share scope) runs in this file's task, and bootstrap.tsx's
// modules (the router, the remotes' runtime, the shell's first-view code) are about as much work again: together they
// were one task of about 100 ms on a phone (4× slower than this machine), which Lighthouse counts as blocking time.
setTimeout(() => void import(/* webpackMode: "eager" */ './bootstrap.tsx'), 0);
