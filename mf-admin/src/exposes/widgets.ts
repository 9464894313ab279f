import { defineRemoteWidgets } from '@cp/web-core/contract';

/** mf-admin's `./widgets`: none (the admin area adds nothing to the home page), exposed so every remote has the same contract. */
export const { widgets } = defineRemoteWidgets({ widgets: [] });
