/**
 * Reviewed alias table: every spelling of an institute found in the data sets → its canonical
 * name (the JoSAA institutes.csv spelling with a short name). Spellings are compared after
 * `nameKey` (HTML entities decoded, case, punctuation, spacing and 'of/and/the' ignored), so only
 * real renamings, typos and other-source names need a line here. Reviewed against josaa.nic.in
 * institute lists and NIRF's institute pages, 2026-11.
 */
export const instituteAliases: Record<string, string> = {
  // JoSAA renamings and duplicate spellings (institutes.csv rows without a short name).
  'Indian School of Mines Dhanbad': 'Indian Institute of Technology (ISM) Dhanbad',
  'Indian Institute of Information Technology Manipur': 'INDIAN INSTITUTE OF INFORMATION TECHNOLOGY SENAPATI MANIPUR',
  'Indian Institute of Information Technology Srirangam, Tiruchirappalli': 'Indian Institute of Information Technology Tiruchirappalli',
  'Indian Institute of Information Technology(IIIT), Sri City, Chittoor District, Andhra Pradesh':
    'Indian Institute of Information Technology (IIIT), Sri City, Chittoor',
  'Indian Institute of Information Technology(IIIT), Sri City, Chittoor District, Andra Pradesh':
    'Indian Institute of Information Technology (IIIT), Sri City, Chittoor',
  'National Institute of Food Technology Entrepreneurship and Management, Sonepat, Haryana':
    'National Institute of Food Technology Entrepreneurship and Management, Kundli',
  'National Institute of Food Technology, Entrepreneurship and Management (NIFTEM) - Thanjavur':
    'National Institute of Food Technology Entrepreneurship and Management, Thanjavur',
  // IICPT Thanjavur became NIFTEM Thanjavur (2021); the second spelling has an 'l' for the 'I'.
  'Indian Institute of Crop Processing Technology, Thanjavur, Tamilnadu': 'National Institute of Food Technology Entrepreneurship and Management, Thanjavur',
  'lndian Institute of Food Processing Technology, Thanjavur, Tamil Naidu.': 'National Institute of Food Technology Entrepreneurship and Management, Thanjavur',
  // NIFFT Ranchi was renamed NIAMT Ranchi (2022).
  'National Institute of Foundry &amp; Forge Technology, Hatia, Ranchi': 'National Institute of Advanced Manufacturing Technology, Ranchi',
  // Pondicherry Engineering College became Puducherry Technological University (2021).
  'Pondicherry Engineering College, Puducherry': 'Puducherry Technological University, Puducherry',
  'Institute of Technology, Guru Ghasidas Vishwavidyalaya (A Central University), Bilaspur, (C.G.)':
    'School of Studies of Engineering and Technology, Guru Ghasidas Vishwavidyalaya, Bilaspur',

  // NIRF spellings (rankings, 2025 placements, IIT/NIT/IIIT scorecards).
  'Indian Institute of Technology (Indian School of Mines) Dhanbad': 'Indian Institute of Technology (ISM) Dhanbad',
  'Indian Institute of Technology (Indian School of Mines)': 'Indian Institute of Technology (ISM) Dhanbad',
  'Indian Institute of Technology- (Banaras Hindu University) Varanasi': 'Indian Institute of Technology (BHU) Varanasi',
  'Indian Institute of Technology (Banaras Hindu University) Varanasi': 'Indian Institute of Technology (BHU) Varanasi',
  'Atal Bihari Vajpayee Indian Institute of Information Technology and Management':
    'Atal Bihari Vajpayee Indian Institute of Information Technology &amp; Management Gwalior',
  'Atal Bihari Vajpayee Indian Institute Of Information Technology And Management Gwalior':
    'Atal Bihari Vajpayee Indian Institute of Information Technology &amp; Management Gwalior',
  // NIRF's 'Birla Institute of Technology' is the Mesra (Ranchi) main campus.
  'Birla Institute of Technology': 'Birla Institute of Technology, Mesra, Ranchi',
  'Maulana Azad National Institute of Technology': 'Maulana Azad National Institute of Technology Bhopal',
  'Motilal Nehru National Institute of Technology': 'Motilal Nehru National Institute of Technology Allahabad',
  'Sardar Vallabhbhai National Institute of Technology': 'Sardar Vallabhbhai National Institute of Technology, Surat',
  'Visvesvaraya National Institute of Technology, Nagpur (Deemed University)': 'Visvesvaraya National Institute of Technology, Nagpur',
  'Malaviya National Institute of Technology': 'Malaviya National Institute of Technology Jaipur',
  'Malviya National Institute Of Technology Jaipur': 'Malaviya National Institute of Technology Jaipur',
  'Sant Longowal Institute of Engineering and Technology-Sangrur': 'Sant Longowal Institute of Engineering and Technology',
  'Pandit Dwarka Prasad Mishra Indian Institute of Information Technology, Design and Manufacturing (IIITDM)':
    'Pt. Dwarka Prasad Mishra Indian Institute of Information Technology, Design &amp; Manufacture Jabalpur',
  'Pandhi Dwarka Prasad Mishra Indian Institute Of Information Technology And Manufacturing Jabalpur':
    'Pt. Dwarka Prasad Mishra Indian Institute of Information Technology, Design &amp; Manufacture Jabalpur',
  'Indian Institute Of Information Technology Design And Manufacturing Kurnool':
    'Indian Institute of Information Technology Design &amp; Manufacturing Kurnool, Andhra Pradesh',
  'Indian Institute Of Information Technology Kottayam': 'Indian Institute of Information Technology(IIIT) Kottayam',
  'Indian Institute Of Information Technology Ranchi': 'Indian Institute of Information Technology (IIIT) Ranchi',
  'Indian Institute Of Information Technology Nagpur': 'Indian Institute of Information Technology (IIIT) Nagpur',
  'Indian Institute Of Information Technology Pune': 'Indian Institute of Information Technology (IIIT) Pune',
  'Indian Institute Of Information Technology Kota': 'Indian Institute of Information Technology (IIIT)Kota, Rajasthan',
  'Indian Institute Of Information Technology Una': 'Indian Institute of Information Technology(IIIT) Una, Himachal Pradesh',
  'Indian Institute Of Information Technology Kalyani': 'Indian Institute of Information Technology(IIIT) Kalyani, West Bengal',
  'Indian Institute Of Information Technology Sonipat': 'Indian Institute of Information Technology(IIIT) Kilohrad, Sonepat, Haryana',
  'Indian Institute Of Information Technology Dharwad': 'Indian Institute of Information Technology(IIIT) Dharwad',
  'Indian Institute Of Information Technology Senapati': 'INDIAN INSTITUTE OF INFORMATION TECHNOLOGY SENAPATI MANIPUR',
  'Indian Institute Of Information Technology Vadodara': 'Indian Institute of Information Technology(IIIT), Vadodara, Gujrat',
  'Indian Institute Of Information Technology Sri City': 'Indian Institute of Information Technology (IIIT), Sri City, Chittoor',
  'Indian Institute Of Information Technology Raichur': 'Indian institute of information technology, Raichur, Karnataka',
  'Indian Institute Of Information Technology Vadodara International Campus Diu':
    'Indian Institute of Information Technology, Vadodara International Campus Diu (IIITVICD)',
  // NIRF Engineering editions 2016-2021 (nirf_engineering_rankings.csv): city suffixes, the old
  // names of renamed institutes and names without their town. Each read against the edition's NIRF
  // id and city column (audit of issues 9 and 10, 2026-11).
  'Indian Institute Of Technology North Guwahati': 'Indian Institute of Technology Guwahati',
  'Indian Institute Of Technology Ropar-Rupnagar': 'Indian Institute of Technology Ropar',
  'National Institute Of Technology Rourkela-Rourkela': 'National Institute of Technology, Rourkela',
  'National Institute Of Technology Karnataka-Mangalore': 'National Institute of Technology Karnataka, Surathkal',
  'National Institute of Technology Surathkal': 'National Institute of Technology Karnataka, Surathkal',
  'National Institute of Technology Karnataka': 'National Institute of Technology Karnataka, Surathkal',
  'Visvesvaraya National Institute Of Technology Nagpur (Deemed University)-Nagpur': 'Visvesvaraya National Institute of Technology, Nagpur',
  'Visvesvaraya National Institute of Technology Nagpur (Deemed University)': 'Visvesvaraya National Institute of Technology, Nagpur',
  'Visvesvaraya National Institute of Technology': 'Visvesvaraya National Institute of Technology, Nagpur',
  'Dr. B. R. Ambedkar National Institute of Technology': 'Dr. B R Ambedkar National Institute of Technology, Jalandhar',
  'Malviya National Institute of Technology': 'Malaviya National Institute of Technology Jaipur',
  'Indian Institute of Engineering Science and Technology': 'Indian Institute of Engineering Science and Technology, Shibpur',
  'Indian Institute Of Information Technology Design & Manufacturing (IIITD&M) Kancheepuram-Chennai':
    'Indian Institute of Information Technology, Design &amp; Manufacturing, Kancheepuram',
  // NIRF 2019 and 2020 print IIITDM Kancheepuram without its town (NIRF id IR-E-U-0455, city Chennai).
  'Indian Institute of Information Technology Design & Manufacturing': 'Indian Institute of Information Technology, Design &amp; Manufacturing, Kancheepuram',
  'Pandit Dwarka Prasad Mishra Indian Institute Of Information Technology Design And Manufacturing (IIITDM) Jabalpur':
    'Pt. Dwarka Prasad Mishra Indian Institute of Information Technology, Design &amp; Manufacture Jabalpur',
  'Indian Institute of Information Technology Design & Manufacturing Jabalpur':
    'Pt. Dwarka Prasad Mishra Indian Institute of Information Technology, Design &amp; Manufacture Jabalpur',
  'PEC University of Technology': 'Punjab Engineering College, Chandigarh',
  'Pec University Of Technology-Chandigarh': 'Punjab Engineering College, Chandigarh',
  'Punjab Engineering College': 'Punjab Engineering College, Chandigarh',
  'Punjab Engineering College (Deemed To Be University)': 'Punjab Engineering College, Chandigarh',
  'Punjab Engineering College (Deemed to be University) Chandigarh': 'Punjab Engineering College, Chandigarh',
  // Pondicherry Engineering College became Puducherry Technological University in 2021.
  'Pondicherry Engineering College': 'Puducherry Technological University, Puducherry',
  'National Institute of Food Technology Entrepreneurship & Management': 'National Institute of Food Technology Entrepreneurship and Management, Kundli',
  'National Institute of Food Technology Enterprenurship & Management': 'National Institute of Food Technology Entrepreneurship and Management, Kundli',
  'National Institute of Food Technology Entreprenurship & Management': 'National Institute of Food Technology Entrepreneurship and Management, Kundli',
  // IIFPT Thanjavur became NIFTEM Thanjavur in 2021 (NIRF 2020 and 2021 still print IIFPT).
  'Indian Institute of Food Processing Technology (IIFPT)': 'National Institute of Food Technology Entrepreneurship and Management, Thanjavur',
  // NIFFT Ranchi became NIAMT Ranchi in 2022.
  'National Institute of Foundry and Forge Technology (NIFFT)': 'National Institute of Advanced Manufacturing Technology, Ranchi',
  'North Eastern Regional Institute of Science & Technology':
    'North Eastern Regional Institute of Science and Technology, Nirjuli-791109 (Itanagar),Arunachal Pradesh',
  'Shri Mata Vaishno Devi University': 'Shri Mata Vaishno Devi University, Katra, Jammu &amp; Kashmir',
  'Shri G. S. Institute of Technology & Science': 'Shri G. S. Institute of Technology and Science Indore',
  // NIRF ranks Tezpur University in Engineering for its School of Engineering, the JoSAA institute.
  'Tezpur University': 'School of Engineering, Tezpur University, Napaam, Tezpur',
};

export type ExtraInstitute = { name: string; shortName: string; state: string; type: 'IIT' | 'NIT' | 'IIIT' | 'GFTI' };

/**
 * Institutes in the 2025/2026 files (or without a row of their own in institutes.csv) with their
 * state and type, from the JoSAA institute lists of those years.
 */
export const extraInstitutes: ExtraInstitute[] = [
  { name: 'HNB Garhwal University Srinagar (Garhwal)', shortName: 'HNB Garhwal University', state: 'Uttarakhand', type: 'GFTI' },
  { name: 'Shri G. S. Institute of Technology and Science Indore', shortName: 'SGSITS Indore', state: 'Madhya Pradesh', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Gorakhpur (UP)', shortName: 'NIELIT Gorakhpur', state: 'Uttar Pradesh', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Ropar (Punjab)', shortName: 'NIELIT Ropar', state: 'Punjab', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Ajmer (Rajasthan)', shortName: 'NIELIT Ajmer', state: 'Rajasthan', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Patna (Bihar)', shortName: 'NIELIT Patna', state: 'Bihar', type: 'GFTI' },
  { name: 'Islamic University of Science and Technology Kashmir', shortName: 'IUST Kashmir', state: 'Jammu and Kashmir', type: 'GFTI' },
  { name: 'Rajiv Gandhi National Aviation University, Fursatganj, Amethi (UP)', shortName: 'RGNAU Amethi', state: 'Uttar Pradesh', type: 'GFTI' },
  // New in JoSAA 2026 (orcr_2026_rounds1-5.csv): NITTTR Bhopal, six NIELIT campuses, IISc, two Central Universities.
  { name: 'National Institute of Technical Teachers Training and Research Bhopal', shortName: 'NITTTR Bhopal', state: 'Madhya Pradesh', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Calicut', shortName: 'NIELIT Calicut', state: 'Kerala', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Kohima', shortName: 'NIELIT Kohima', state: 'Nagaland', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Agartala', shortName: 'NIELIT Agartala', state: 'Tripura', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Aizawl', shortName: 'NIELIT Aizawl', state: 'Mizoram', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Imphal', shortName: 'NIELIT Imphal', state: 'Manipur', type: 'GFTI' },
  { name: 'National Institute of Electronics and Information Technology, Srinagar', shortName: 'NIELIT Srinagar', state: 'Jammu and Kashmir', type: 'GFTI' },
  { name: 'Indian Institute of Science, Bangalore', shortName: 'IISc Bangalore', state: 'Karnataka', type: 'GFTI' },
  { name: 'Central University of Punjab, Bathinda', shortName: 'CU Punjab', state: 'Punjab', type: 'GFTI' },
  { name: 'Central University of Karnataka', shortName: 'CU Karnataka', state: 'Karnataka', type: 'GFTI' },
];

/**
 * Institutes outside the IITs whose JoSAA seats are filled on JEE (Advanced) ranks: IISc Bangalore's
 * B.Tech seats (JoSAA 2026: Mathematics and Computing closes at 743 on the JEE (Advanced) list, a
 * rank no JEE (Main) list would give it). Their seats are listed with the IITs' (the JEE Advanced
 * form), never against a JEE (Main) rank; the institute keeps its own type on its college page.
 */
export const jeeAdvancedInstitutes: ReadonlySet<string> = new Set(['iisc-bangalore']);

/** institutes.csv / JoSAA state spellings → the form's official names. */
export const stateAliases: Record<string, string> = {
  'Jammu & Kashmir': 'Jammu and Kashmir',
  'Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu',
};

/** Comparison key for institute names: spelling differences that never distinguish two institutes. */
export function nameKey(raw: string): string {
  return decodeEntities(raw)
    .toLowerCase()
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\b(of|the|and|at|in)\b/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}

export function decodeEntities(s: string): string {
  return s
    .replaceAll('&amp;', '&')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replace(/\s+/g, ' ')
    .trim();
}
