/*
 * NEET PG course names (docs/decisions/0005, "Course names across years").
 *
 * The product names a course as the 2023-2024 allotment file's "Course (normalized)" does ('MD IN
 * GENERAL MEDICINE', 'DNB IN ORTHOPAEDICS'). Two things are mapped onto those names:
 *  - the 2023 file writes most DNB courses as MCC's raw '(NBEMS) …' names and the 2024 file as 'DNB
 *    IN …': one course under two names would cut every such seat's history between the years, so
 *    the '(NBEMS)' names are read as the 'DNB IN' / 'DNB- DIPLOMA IN' ones (COURSE_SYNONYMS);
 *  - the NEET PG 2025 file writes '<degree> <specialty>' ('MD General Medicine', 'DNB Diploma ENT'):
 *    COURSE_OF_2025 gives each of its 98 courses the product's name.
 * Two DNB courses have no 'DNB IN' name in the 2023-2024 file, because it wrote them under other
 * courses' names (SOURCES.md, "Wrong course labels under the DNB quota"; corrected by
 * dnb-labels.ts): 'DNB IN OBSTETRICS AND GYNAECOLOGY' is new here; DNB ENT is 'DNB IN
 * OTORHINOLARYNGOLOGY' (45 allotments of 2024 carry it).
 */

/** Names of the 2023-2024 file read as another of its names (the same course). */
export const COURSE_SYNONYMS: Record<string, string> = {
  '(NBEMS) ANATOMY': 'DNB IN ANATOMY',
  '(NBEMS) BIOCHEMISTRY': 'DNB IN BIOCHEMISTRY',
  '(NBEMS) COMMUNITY MEDICINE': 'DNB IN PREVENTIVE AND SOCIAL MEDICINE',
  '(NBEMS) EMERGENCY MEDICINE': 'DNB IN EMERGENCY MEDICINE',
  '(NBEMS) FAMILY MEDICINE': 'DNB IN FAMILY MEDICINE',
  '(NBEMS) FORENSIC MEDICINE': 'DNB IN FORENSIC MEDICINE',
  '(NBEMS) MICROBIOLOGY': 'DNB IN MICROBIOLOGY',
  '(NBEMS) ORTHOPAEDICS': 'DNB IN ORTHOPAEDICS',
  '(NBEMS) PATHOLOGY': 'DNB IN PATHOLOGY',
  '(NBEMS) PHARMACOLOGY': 'DNB IN PHARMACOLOGY',
  '(NBEMS) PHYSIOLOGY': 'DNB IN PHYSIOLOGY',
  '(NBEMS) RESPIRATORY MEDICINE': 'DNB IN RESPIRATORY MEDICINE',
  '(NBEMS-DIPLOMA) ANAESTHESIOLOGY': 'DNB- DIPLOMA IN ANAESTHESIOLOGY',
  '(NBEMS-DIPLOMA) FAMILY MEDICINE': 'DNB- DIPLOMA IN FAMILY MEDICINE',
  '(NBEMS-DIPLOMA) OPHTHALMOLOGY': 'DNB- DIPLOMA IN OPHTHALMOLOGY',
  '(NBEMS-DIPLOMA) OTORHINOLARYNGOLOGY (E.N.T.)': 'DNB- DIPLOMA IN OTORHINOLARYNGOLOGY',
  '(NBEMS-DIPLOMA) PAEDIATRICS': 'DNB- DIPLOMA IN PAEDIATRICS',
  'MD IN TRANSFUSION MEDICINE/IMMUNO-HAEMATOLOGY AND BLOOD TRANSFUSION': 'MD IN IMMUNO HAEMATOLOGY AND BLOOD TRANSFUSION',
};

/** A course name of the 2023-2024 file as the product names it. */
export const canonicalCourse = (name: string): string => COURSE_SYNONYMS[name] ?? name;

/** Courses the 2023-2024 file never names correctly, with their degree type. */
export const NEW_COURSES: Record<string, string> = {
  'DNB IN OBSTETRICS AND GYNAECOLOGY': 'DNB',
};

/**
 * The 2025 file's 'Course' → the product's name. Where the 2025 page merged MCC's variants into one
 * course (SOURCES.md: 'MS Traumatology and Surgery' into MS Orthopaedics), the 2025 seat takes the
 * main course's name.
 */
export const COURSE_OF_2025: Record<string, string> = {
  'DNB Anaesthesiology': 'DNB IN ANAESTHESIOLOGY',
  'DNB Anatomy': 'DNB IN ANATOMY',
  'DNB Biochemistry': 'DNB IN BIOCHEMISTRY',
  'DNB CTVS': 'DNB IN CARDIO VASCULAR AND THORACIC SURGERY (DIRECT 6 YEARS COURSE)',
  'DNB Community Medicine': 'DNB IN PREVENTIVE AND SOCIAL MEDICINE',
  'DNB Dermatology': 'DNB IN DERMATOLOGY',
  'DNB ENT': 'DNB IN OTORHINOLARYNGOLOGY',
  'DNB Emergency Medicine': 'DNB IN EMERGENCY MEDICINE',
  'DNB Family Medicine': 'DNB IN FAMILY MEDICINE',
  'DNB Forensic Medicine': 'DNB IN FORENSIC MEDICINE',
  'DNB General Medicine': 'DNB IN GENERAL MEDICINE',
  'DNB General Surgery': 'DNB IN GENERAL SURGERY',
  'DNB Geriatric Medicine': 'DNB IN GERIATRIC MEDICINE',
  'DNB Hospital Administration': 'DNB IN HOSPITAL ADMINISTRATION',
  'DNB Microbiology': 'DNB IN MICROBIOLOGY',
  'DNB Neurosurgery': 'DNB IN NEURO SURGERY (DIRECT 6 YEARS COURSE)',
  'DNB Nuclear Medicine': 'DNB IN NUCLEAR MEDICINE',
  'DNB Obstetrics & Gynaecology': 'DNB IN OBSTETRICS AND GYNAECOLOGY',
  'DNB Ophthalmology': 'DNB IN OPHTHALMOLOGY',
  'DNB Orthopaedics': 'DNB IN ORTHOPAEDICS',
  'DNB PMR': 'DNB IN PHYSICAL MEDICINE AND REHABILITATION',
  'DNB Paediatric Surgery': 'DNB IN PAEDIATRIC SURGERY (DIRECT 6 YEARS COURSE)',
  'DNB Paediatrics': 'DNB IN PAEDIATRICS',
  'DNB Palliative Medicine': 'DNB IN PALLIATIVE MEDICINE',
  'DNB Pathology': 'DNB IN PATHOLOGY',
  'DNB Pharmacology': 'DNB IN PHARMACOLOGY',
  'DNB Physiology': 'DNB IN PHYSIOLOGY',
  'DNB Plastic Surgery': 'DNB IN PLASTIC AND RECONSTRUCTIVE SURGERY (DIRECT 6 YEARS COURSE)',
  'DNB Psychiatry': 'DNB IN PSYCHIATRY',
  'DNB Radiation Oncology': 'DNB IN RADIATION ONCOLOGY',
  'DNB Radiodiagnosis': 'DNB IN RADIO DIAGNOSIS',
  'DNB Respiratory Medicine': 'DNB IN RESPIRATORY MEDICINE',
  'DNB Transfusion Medicine': 'DNB IN IMMUNO HAEMATOLOGY AND BLOOD TRANSFUSION',
  'DNB Diploma Anaesthesiology': 'DNB- DIPLOMA IN ANAESTHESIOLOGY',
  'DNB Diploma ENT': 'DNB- DIPLOMA IN OTORHINOLARYNGOLOGY',
  'DNB Diploma Family Medicine': 'DNB- DIPLOMA IN FAMILY MEDICINE',
  'DNB Diploma Obstetrics & Gynaecology': 'DNB- DIPLOMA IN OBSTETRICS AND GYNAECOLOGY',
  'DNB Diploma Ophthalmology': 'DNB- DIPLOMA IN OPHTHALMOLOGY',
  'DNB Diploma Paediatrics': 'DNB- DIPLOMA IN PAEDIATRICS',
  'DNB Diploma Radiodiagnosis': 'DNB- DIPLOMA IN RADIO-DIAGNOSIS',
  'DNB Diploma Respiratory Medicine': 'DNB- DIPLOMA IN RESPIRATORY MEDICINE',
  'Diploma Anaesthesiology': 'DIPLOMA IN ANAESTHESIOLOGY',
  'Diploma Community Medicine': 'DIPLOMA IN PUBLIC HEALTH',
  'Diploma Dermatology': 'DIPLOMA IN DERMATOLOGY',
  'Diploma Diabetology': 'DIPLOMA IN DIABETOLOGY',
  'Diploma ENT': 'DIPLOMA IN OTORHINOLARYNGOLOGY',
  'Diploma Emergency Medicine': 'DIPLOMA IN EMERGENCY MEDICINE',
  'Diploma Forensic Medicine': 'DIPLOMA IN FORENSIC MEDICINE',
  'Diploma Hospital Administration': 'DIPLOMA IN HEALTH ADMINISTRATION',
  'Diploma Microbiology': 'DIPLOMA IN BACTERIOLOGY',
  'Diploma Obstetrics & Gynaecology': 'DIPLOMA IN OBSTETRICS AND GYNAECOLOGY',
  'Diploma Ophthalmology': 'DIPLOMA IN OPHTHALMOLOGY/DOMS',
  'Diploma Orthopaedics': 'DIPLOMA IN ORTHOPAEDICS',
  'Diploma PMR': 'DIPLOMA IN PHYSICAL MEDICINE AND REHABILITATION',
  'Diploma Paediatrics': 'DIPLOMA IN CHILD HEALTH/ PAEDIATRICS',
  'Diploma Pathology': 'DIPLOMA IN CLINICAL PATHOLOGY',
  'Diploma Psychiatry': 'PG DIPLOMA IN PSYCHOLOGICAL MEDICINE / PSYCHIATRIC MEDICINE',
  'Diploma Radiation Medicine': 'DIPLOMA IN RADIATION MEDICINE',
  'Diploma Radiation Oncology': 'DIPLOMA IN MEDICAL RADIOTHERAPY',
  'Diploma Radiodiagnosis': 'DIPLOMA IN MEDICAL RADIO DIAGNOSIS',
  'Diploma Respiratory Medicine': 'DIPLOMA IN RESPIRATORY MEDICINE',
  'Diploma Sports Medicine': 'DIPLOMA IN SPORTS MEDICINE',
  'Diploma Transfusion Medicine': 'DIPLOMA IN IMMUNO HAEMATOLOGY AND BLOOD TRANSFUSION',
  'MCh Neurosurgery': 'MCH NEURO SURGERY',
  'MD Aerospace Medicine': 'MD IN AEROSPACE MEDICINE',
  'MD Anaesthesiology': 'MD IN ANAESTHESIOLOGY',
  'MD Biochemistry': 'MD IN BIOCHEMISTRY',
  'MD Community Medicine': 'MD IN PREVENTIVE AND SOCIAL MEDICINE',
  'MD Dermatology': 'MD IN DERMATOLOGY',
  'MD Emergency Medicine': 'MD IN EMERGENCY MEDICINE',
  'MD Family Medicine': 'MD IN FAMILY MEDICINE',
  'MD Forensic Medicine': 'MD IN FORENSIC MEDICINE',
  'MD General Medicine': 'MD IN GENERAL MEDICINE',
  'MD Geriatric Medicine': 'MD IN GERIATRICS',
  'MD Hospital Administration': 'MD IN HOSPITAL ADMINISTRATION',
  'MD Laboratory Medicine': 'MD IN LABORATORY MEDICINE COURSE',
  'MD Microbiology': 'MD IN MICROBIOLOGY',
  'MD Nuclear Medicine': 'MD IN NUCLEAR MEDICINE',
  'MD PMR': 'MD IN PHYSICAL MEDICINE AND REHABILITATION',
  'MD Paediatrics': 'MD IN PAEDIATRICS',
  'MD Palliative Medicine': 'MD IN PALLIATIVE MEDICINE',
  'MD Pathology': 'MD IN PATHOLOGY',
  'MD Pharmacology': 'MD IN PHARMACOLOGY',
  'MD Physiology': 'MD IN PHYSIOLOGY',
  'MD Psychiatry': 'MD IN PSYCHIATRY',
  'MD Radiation Oncology': 'MD IN RADIATION ONCOLOGY',
  'MD Radiodiagnosis': 'MD IN RADIO DIAGNOSIS',
  'MD Respiratory Medicine': 'MD IN RESPIRATORY MEDICINE',
  'MD Sports Medicine': 'MD IN SPORTS MEDICINE',
  'MD Transfusion Medicine': 'MD IN IMMUNO HAEMATOLOGY AND BLOOD TRANSFUSION',
  'MD Tropical Medicine': 'MD IN TROPICAL MEDICINE',
  'MD/MS Anatomy': 'MD/MS ANATOMY',
  'MD/MS Obstetrics & Gynaecology': 'MD/MS OBSTETRICS AND GYNAECOLOGY',
  'MPH Epidemiology': 'MPH EPIDEMIOLOGY',
  'MS ENT': 'MS IN ENT',
  'MS General Surgery': 'MS IN GENERAL SURGERY',
  'MS Ophthalmology': 'MS IN OPHTHALMOLOGY',
  'MS Orthopaedics': 'MS IN ORTHOPAEDICS',
};

/** The 2025 file's quota → the form's quota (contract medicalQuotas). */
export const QUOTA_OF_2025: Record<string, string> = {
  'All India': 'All India',
  DNB: 'DNB Quota',
  'Deemed/Paid': 'Management/Paid Seats Quota',
  NRI: 'Non-Resident Indian',
  'Delhi Univ': 'Delhi University Quota',
  'IP Univ': 'IP University Quota',
  'Armed Forces': 'Armed Forces Medical',
  BHU: 'Banaras Hindu University',
  AMU: 'Aligarh Muslim University',
  'Jain Minority': 'Jain Minority Quota',
  'Muslim Minority': 'Muslim Minority Quota',
};

/** The 2025 file's allotted category → the seat category as the 2023-2024 file writes it. */
export const CATEGORY_OF_2025: Record<string, string> = {
  Open: 'OPEN',
  OBC: 'OBC',
  SC: 'SC',
  ST: 'ST',
  EWS: 'EWS',
  'Open PwD': 'OPEN PWD',
  'OBC PwD': 'OBC PWD',
  'SC PwD': 'SC PWD',
  'ST PwD': 'ST PWD',
  'EWS PwD': 'EWS PWD',
};
