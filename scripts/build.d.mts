/** Types of scripts/build.mjs for the TypeScript that imports it (tests/bench/stack.ts). */
export declare const targets: Record<'backend' | 'gateway', Record<string, string>>;
/** Node's options for the gateway's process (npm start, the gateway image, the bench's gateway). */
export declare const gatewayNodeOptions: string[];
/** Compiles one package's servers to <package>/dist; the paths of the entry files written. */
export declare function buildPackage(name: string): Promise<string[]>;
