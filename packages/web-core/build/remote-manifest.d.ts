/** A remote of the shell's development registry, from its remote.json (remote-manifest.js). */
export interface DevRemote {
  name: string;
  entry: string;
  devServer: string;
  metadata: string;
}
/** Every `mf-*` folder under `root` with a remote.json, in folder order (remote-manifest.js). */
export declare function devRemotes(root: string): DevRemote[];
/** A remote's webpack options with its container name, public path and dev server port from its remote.json. */
export declare function fromRemoteManifest<T extends { appDir: string; name?: string; publicPath?: string; devPort?: number }>(options: T): T & { name: string; publicPath: string; devPort: number };
