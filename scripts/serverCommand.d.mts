export declare const SERVER_START_ARGS: string[];
export declare function serverChildPids(pid: number): number[];
export declare function withoutDeploymentSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
