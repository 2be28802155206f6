// Tables of the engineering feature.
export {};
