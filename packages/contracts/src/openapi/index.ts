// OpenAPI 3.1 from the contracts (issue 24): `@cp/contracts/openapi`, for the services' declarations and the generator.
// Not part of the package's main entry: pages never load it.
export * from './api-description.ts';
export * from './document.ts';
