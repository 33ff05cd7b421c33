/**
 * Facts both hosts and the stack depend on, written once: routes, errors, environment, limits,
 * tables, HTTP constants and function sizes. Plain data with no imports from the runtime or CDK.
 */
export * from './environment';
export * from './errors';
export * from './functions';
export * from './http';
export * from './limits';
export * from './portal';
export * from './routes';
export * from './tables';
