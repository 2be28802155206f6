import { readMedicalData } from '../src/data/neet-pg/medical-data.ts';
import { locationOf } from '../src/data/neet-pg/names.ts';
const d = await readMedicalData('/work/shared/data');
for (const i of d.institutes) if (/, [^,]+, |\(DNB seats\)|\(MCC |Yashoda|Apollo Hos|Manipal Hos|Reasi|Udhampur|Sunshine|Begumpet|Ballari|Dungarpur|Belgaum|Belagavi|Ambajogai|Kekri|Suryapet|Vatsalya/.test(i.name)) console.log(i.id, '|', i.name, '|', locationOf(i));
const noLoc = d.institutes.filter((i) => !locationOf(i)); console.log('no location', noLoc.length);
const stateOnly = d.institutes.filter((i) => locationOf(i) === i.state); console.log('state only', stateOnly.length);
