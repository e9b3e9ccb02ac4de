export * from './types';
export * from './satisfaction';
export * from './marking';
export * from './validation';
export * from './labels';
export * from './condition-codec';
