import { defineRemoteWidgets } from '@cp/web-core/contract';
import metadata from './metadata.json';

/**
 * mf-messages' `./widgets`: no home section (metadata.json declares no slot, so the home page never loads this
 * module), exposed so every remote has the same contract.
 */
export const { widgets } = defineRemoteWidgets(metadata, { widgets: [] });
