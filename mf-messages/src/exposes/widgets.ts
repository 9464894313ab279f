import { defineRemoteWidgets } from '@cp/web-core/contract';
import metadata from './metadata.json';

/**
 * mf-messages' `./widgets`: no home section. Its header link (Messages, with the unread badge) is data in
 * metadata.json (`headerLinks`): the shell draws it without loading this remote.
 */
export const { widgets } = defineRemoteWidgets(metadata, { widgets: [] });
