// mf-events: a Module Federation remote (see mf-messages/README.md, "How a new team adds a remote"). Its name, public
// path and dev server port are its remote.json's; its exposes (./routes, ./widgets from src/exposes/), its metadata file
// (src/exposes/metadata.json) and its dev server's proxy to the gateway are createWebConfig's defaults for a remote.
import { createWebConfig } from '@cp/web-core/build';

export default createWebConfig({ appDir: import.meta.dirname, kind: 'remote' });
