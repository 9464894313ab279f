import { defineRemoteWidgets } from '@cp/web-core/contract';
import metadata from './metadata.json';

/**
 * mf-admin's `./widgets`: none (the admin area adds nothing to the home page; metadata.json declares no slot, so the
 * shell never loads this module), exposed so every remote has the same contract.
 */
export const { widgets } = defineRemoteWidgets(metadata, { widgets: [] });
