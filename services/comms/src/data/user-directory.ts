// Where comms learns a user's address: identity (the kit's directory). A failure is one to retry (the consumer
// redelivers with backoff), never "no such user": the kit's default passes it on as is.
export { identityUserDirectory, type UserDirectory } from '@cp/service-kit';
