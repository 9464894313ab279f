import type * as Schemas from './schemas.ts';

/** The loader of one of the shell's form schemas (forms/schemas.ts), for `useSchemaForm`. */
export const formSchema =
  <K extends keyof typeof Schemas>(name: K) =>
  (): Promise<(typeof Schemas)[K]> =>
    import('./schemas.ts').then((m) => m[name]);
