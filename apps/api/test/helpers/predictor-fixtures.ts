import type { EngineeringPreferencesInput } from '@rankwise/contract/engineering';
import type { MedicalPreferencesInput } from '@rankwise/contract/medical';

/** The engineering payloads engineering.integration.test.ts checks against the raw CSVs. */
export const engineeringFixtures: (EngineeringPreferencesInput & { examType: '' | 'IIT' | 'CSAB' })[] = [
  { rank: 1500, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra' },
  { rank: 900, examType: 'IIT', seatType: 'OBC-NCL', gender: 'Female', homeState: 'Bihar', crlRank: 4000 },
  { rank: 300, examType: 'IIT', seatType: 'SC(PWD)', gender: 'Male', homeState: 'Delhi' },
  { rank: 150, examType: 'IIT', seatType: 'OPEN(PWD)', gender: 'Female', homeState: 'Kerala' },
  { rank: 12000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Goa', branch: ['Computer Science & IT', 'Electronics & Communication'] },
  { rank: 90000, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Dadra and Nagar Haveli and Daman and Diu' },
  { rank: 150000, examType: '', seatType: 'OBC-NCL', gender: 'Male', homeState: 'Lakshadweep', crlRank: 400000 },
  { rank: 80000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Andaman and Nicobar Islands', branch: ['Civil', 'Mechanical'] },
  { rank: 60000, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Puducherry' },
  { rank: 30000, examType: '', seatType: 'EWS', gender: 'Female', homeState: 'Jharkhand', branch: ['Mechanical', 'Civil', 'Chemical'] },
  { rank: 20000, examType: '', seatType: 'OPEN', gender: 'Male', homeState: 'Jammu and Kashmir', branch: ['Civil', 'Electrical & Electronics'] },
  { rank: 60000, examType: '', seatType: 'ST', gender: 'Male', homeState: 'Ladakh', crlRank: 400000, branch: ['Civil'] },
  { rank: 2000, examType: '', seatType: 'OBC-NCL(PWD)', gender: 'Female', homeState: 'Uttar Pradesh' },
  { rank: 25000, examType: 'CSAB', gender: 'Female', homeState: 'Tamil Nadu', branch: ['Computer Science & IT'] },
  { rank: 40000, examType: 'CSAB', gender: 'Male', homeState: 'Kerala', branch: ['AI & Data Science', 'Electronics & Communication'] },
  { rank: 5000, examType: 'CSAB', seatType: 'SC', gender: 'Male', homeState: 'Rajasthan' },
  { rank: 20000, examType: 'CSAB', seatType: 'OBC-NCL', gender: 'Female', homeState: 'Goa', crlRank: 60000 },
  { rank: 3000, examType: 'CSAB', seatType: 'ST(PWD)', gender: 'Male', homeState: 'Odisha' },
  { rank: 8000, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Outside India', branch: ['Mathematics & Computing', 'AI & Data Science'] },
  // Paper 2 ranks: B.Arch and B.Planning outside IITs (docs/decisions/0021).
  { rank: 40000, archRank: 3000, planningRank: 1500, examType: '', seatType: 'OPEN', gender: 'Female', homeState: 'Bihar' },
  { rank: 90000, archRank: 900, examType: '', seatType: 'SC', crlRank: 300000, gender: 'Male', homeState: 'Delhi', branch: ['Architecture & Planning'] },
  { rank: 40000, archRank: 8000, planningRank: 12000, examType: 'CSAB', seatType: 'EWS(PWD)', gender: 'Female', homeState: 'Kerala' },
  { rank: 3000, archRank: 100, examType: 'IIT', seatType: 'OPEN', gender: 'Male', homeState: 'Maharashtra', branch: ['Architecture & Planning'] },
];

/** The NEET PG payloads medical.integration.test.ts checks against the raw CSV. */
export const medicalFixtures: MedicalPreferencesInput[] = [
  { rank: 5000, category: 'General', quota: 'All India', courses: ['MD IN GENERAL MEDICINE', 'MS IN GENERAL SURGERY', 'MD IN RADIO DIAGNOSIS'] },
  { rank: 40000, category: 'OBC', quota: 'All India', courses: ['MD IN PAEDIATRICS', 'MD IN PATHOLOGY'], sortBy: 'fees' },
  { rank: 90000, category: 'SC PwD', quota: 'All India' },
  { rank: 20000, category: 'General PwD', quota: 'All India', sortBy: 'college' },
  { rank: 8000, category: 'EWS', quota: 'DNB Quota', courses: ['DNB IN GENERAL MEDICINE', 'DNB IN RADIO DIAGNOSIS', 'DNB IN PATHOLOGY'], sortBy: 'course' },
  { rank: 60000, category: 'General', quota: 'Management/Paid Seats Quota', courses: ['MD IN DERMATOLOGY', 'MD IN PSYCHIATRY', 'MD IN PATHOLOGY'] },
  { rank: 1, category: 'ST', quota: 'Armed Forces Medical' },
  { rank: 150000, category: 'General', quota: 'Non-Resident Indian' },
  { rank: 30000, category: 'OBC PwD', quota: 'Delhi University Quota' },
  { rank: 100000, category: 'General', quota: 'DNB Quota', sortBy: 'fees' },
  { rank: 1, category: 'SC', quota: 'All India', courses: ['MD/MS ANATOMY', 'MD IN PHYSIOLOGY', 'MD IN BIOCHEMISTRY'] },
];
