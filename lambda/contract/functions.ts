/** Memory of each function in MB: the stack configures it and the benchmark prices with it. */
export const FUNCTION_MEMORY_MB = { listing: 512, search: 512, calendarLoader: 1024, portal: 256 } as const;
