export declare const modulesDir: string;
export declare const baselineFile: string;
export declare const mutatingVerbs: string[];
export declare function isMutatingName(name: string): boolean;
export declare function findViolations(files: Map<string, string>): string[];
export declare function readModules(): Map<string, string>;
export declare function compareWithBaseline(violations: string[], baseline: string[]): { added: string[]; fixed: string[] };
