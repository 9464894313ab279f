// `@cp/redux-toolkit-impl` is @reduxjs/toolkit itself, under a name that Module Federation does not consume from the
// share scope (the build aliases it to the package's file): see redux-toolkit-client.ts.
declare module '@cp/redux-toolkit-impl' {
  export * from '@reduxjs/toolkit';
}
