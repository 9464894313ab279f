import type { PluginCreator } from 'postcss';

export declare const SUBLAYERS: readonly string[];
export declare function firstClassName(selector: string): string | null;
export declare function variantsOf(className: string): string[];
export declare function sublayerOf(selector: string): string;
declare const utilitySublayers: PluginCreator<void>;
export default utilitySublayers;
