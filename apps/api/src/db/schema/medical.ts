// Tables of the medical feature.
export {};
