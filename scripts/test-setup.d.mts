// Types of scripts/test-setup.mjs, for the TypeScript tests that import it.
export type Tool = 'chromium' | 'postgres' | 'pdftoppm';
export type Machine = { isRoot: boolean; aptGet: boolean; chromium: boolean; postgres: boolean; pdftoppm: boolean; testDatabaseUrl: string | undefined };
export type SetupPlan = { install: string[]; absent: Tool[]; postgres: 'given' | 'start' | 'none'; warnings: string[] };
export const PACKAGES: Record<Tool, string>;
export const CONSEQUENCES: Record<Tool, string>;
export function planSetup(machine: Machine, options?: { afterInstall?: boolean }): SetupPlan;
export function postgresBin(): string | null;
export function probeMachine(env?: NodeJS.ProcessEnv): Machine;
export function aptInstall(packages: string[]): boolean;
export function freePort(): Promise<number>;
export type ThrowAwayPostgres = { url: string; port: number; version: string; folder: string; stop(): Promise<void>; stopNow(): void };
export function startPostgres(bin: string): Promise<ThrowAwayPostgres>;
