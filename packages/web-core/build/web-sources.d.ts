/** The .ts and .tsx files of the web code under the repository's folder `root` (web-sources.js). */
export declare function webSourceFiles(root: string): string[];
