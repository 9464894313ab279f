/**
 * The schemas of the shell's forms, in a chunk of their own (with zod): a page with a form loads it when someone is
 * about to fill the form in (`useSchemaForm`'s `intent`, and at the latest on submit), not with the page (issue 20 §7:
 * every page within 190 KB). Import it only through `formSchema`.
 */
export { ContactMessageInsertSchema, ForgotPasswordRequestSchema, LoginRequestSchema, RegisterFormSchema, ResetPasswordFormSchema } from '@cp/contracts';
