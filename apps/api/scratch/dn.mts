import { displayName } from '../src/data/neet-pg/display-name.ts';
console.log(displayName(process.argv[2], process.argv[3]));
