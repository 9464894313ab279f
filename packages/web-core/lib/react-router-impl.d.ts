// `@cp/react-router-impl` is react-router itself, under a name that Module Federation does not consume from the share
// scope (the build aliases it to the package's file): see react-router-client.ts.
declare module '@cp/react-router-impl' {
  export * from 'react-router';
}
