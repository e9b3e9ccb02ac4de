export * from './permissions';
export * from './constants';
export * from './text-rule';
export * from './walkabouts/index';
