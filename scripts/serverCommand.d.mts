export declare const SERVER_START_ARGS: string[];
