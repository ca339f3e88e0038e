export declare const domainGraph: Record<string, string[]>;
export declare const domains: string[];
export declare function reachableDomains(domain: string, seen?: Set<string>): Set<string>;
export declare function findCycle(): string[] | null;
export declare const typeRules: Record<string, string[]>;
export declare const platformRules: Record<string, string[]>;
export declare const scopeRules: Record<string, string[]>;
export declare const requiredAxes: string[];
