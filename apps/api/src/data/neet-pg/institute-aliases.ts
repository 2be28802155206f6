/**
 * Reviewed alias table for NEET PG institutes (docs/decisions/0005): the allotment spellings that
 * the automatic matching (same normalised name and address as an MCC fee-file entry, or same PIN
 * code and name) cannot join, each read by eye against the MCC fee file. A spelling is compared
 * after `instituteKey` (case, punctuation, spacing, PIN codes and 'GOVT'/'GOVERNMENT' ignored), so
 * one line covers every spelling with the same key.
 *
 * - `mcc`: the MCC institute code it is.
 * - `dnbMcc`: MCC lists the institute twice, once for its university (MD/MS) seats and once for
 *   its DNB seats, with the same name and address; allotments in the DNB quota are the DNB entry's.
 * - `sameAs`: no MCC entry fits; the spelling is the same institute as another spelling.
 * Spellings that stay unmatched are listed by the importer, not here.
 */
export type InstituteAlias = { spelling: string; note: string } & ({ mcc: number; dnbMcc?: number } | { sameAs: string });

export const instituteAliases: InstituteAlias[] = [
  // Two MCC entries with one name and address: the 701xxx entry is the DNB one (its fee is paid to NBEMS / DNB stipends).
  {
    spelling: 'NIZAMS INSTITUTE OF MEDICAL SCIENCES, NIZAMS INSTITUTE OF MEDICAL SCIENCES PANJAGUTTA HYDERABAD, TELANGANA',
    mcc: 700484,
    dnbMcc: 701163,
    note: 'MCC 701163 says "fee to be paid to NBE"',
  },
  {
    spelling: 'DR B C ROY POST GRADUATE INSTITUTE OF PAEDIATRIC SCIENCES,,111 NARKELDANGA MAIN ROAD KOLKATA, WEST BENGAL',
    mcc: 700409,
    dnbMcc: 701259,
    note: 'MCC 701259 has the lower (DNB) stipends',
  },
  // The same pattern, found by the audit of issue 9 (2026-11): one round's PDF (mostly R1) spells the
  // institute as its second MCC entry (the one that also holds its DNB seats), the other rounds as
  // the first, so each All India seat was split in two with a too-low closing rank. These spellings'
  // All India allotments belong to the first entry; DNB-quota allotments stay with the second.
  // Each pair: same address and PIN in the fee file; the rounds of the two spellings never overlap.
  {
    spelling: 'GOVERNMENT MEDICAL COLLEGE, ,GOVERNMENT MEDICAL COLLEGE, KARAN NAGAR, SRINAGAR, JAMMU AND KASHMIR',
    mcc: 701703,
    dnbMcc: 700754,
    note: 'GMC Srinagar: R1 (All India) and DNB spelling; 701703 (University of Kashmir) holds R2-R5; 700754 pays fees per NBEMS notices',
  },
  {
    spelling: 'GOVERNM ENT MEDICAL COLLEGE, ,ADMINIST RATIVE BLOCK GOVERNM ENT MEDICAL COLLEGE KARAN NAGAR SRINAGAR, JAMMU AND KASHMIR, 190010',
    mcc: 701703,
    dnbMcc: 700754,
    note: 'GMC Srinagar, as above',
  },
  {
    spelling: 'DR RAJENDRA PRASAD GOVERNMENT MEDICAL COLLEGE,DRRAJENDRA PRASAD GOVERNMENTMEDICAL COLLEGE KANGRA AT TANDA, HIMACHAL PRADESH',
    mcc: 700380,
    dnbMcc: 700746,
    note: 'Dr RPGMC Tanda: R1 spelling; 700380 holds R2-R5 (PIN 176002 both)',
  },
  {
    spelling: 'GURU GOBIND SINGH MEDICAL COLLEGE AND HOSPITAL, , GURU GOBIND SINGH MEDICAL COLLEGE SADIQ ROAD FARIDKOT PUNJAB, PUNJAB, 151203',
    mcc: 700342,
    dnbMcc: 701013,
    note: 'GGSMC Faridkot: 2024 R1 spelling; 700342 holds R2-R5 (PIN 151203 both)',
  },
  {
    spelling: 'INDIRA GANDHI INSTITUTE OF MEDICAL SCIENCES , ,INDIRA GANDHI INSTITUTE OF MEDICAL COLLEGE, SHEIKHPU RA, BIHAR, 800014',
    mcc: 700111,
    dnbMcc: 700597,
    note: 'IGIMS Patna: R1 spelling; 700111 holds R2-R5 (PIN 800014 both)',
  },
  {
    spelling: 'SHRI BHAUSAHEB HIRE GOVERNMENT MEDICAL COLLEGE, DHULE, MAHARASHTRA , SHRI BHAUSAHEB HIRE GOVERNMENTMEDICAL COLLEGE,DHULE, MAHARASHTRA',
    mcc: 700532,
    dnbMcc: 903317,
    note: 'SBH GMC Dhule: R1 spelling; 700532 holds R2-R4 (PIN 424311 both)',
  },
  {
    spelling:
      'AUTON OMOUS STATE MEDICA L COLLEG E, ,RAJARS HI DASHRA TH AUTON OMOUS STATE MEDICA L COLLEG E VILL- GANJA, POST- DABHA SEMAR, DISTRIC T- AYODHY A, UTTAR PRADESH, 224133',
    mcc: 903368,
    dnbMcc: 701246,
    note: 'Rajarshi Dashrath ASMC Ayodhya: 2024 R1 spelling; 903368 holds R2-R5 (PIN 224133 both)',
  },
  {
    spelling: 'SHAHEED HASAN KHAN MEWATI GOVERNM ENT MEDICAL COLLEGE , ,SHAHEE D HASAN KHAN MEWATI GOVERNM ENT MEDICAL COLLEGE NALHAR NUH, HARYANA, 122107',
    mcc: 700491,
    dnbMcc: 700742,
    note: 'SHKM GMC Nalhar: R1 spelling; 700491 holds R2-R5 (PIN 122107 both)',
  },
  {
    spelling: 'MAHARISH I VASHISTH A AUTONOM OUS STATE MEDICAL COLLEGE AND OPEC HOSPITAL, ,RAMPUR TAHSIL SADAR BASTI BASTI, UTTAR PRADESH, 272124',
    mcc: 902835,
    dnbMcc: 701339,
    note: 'ASMC Basti: 2024 R1 spelling; 902835 holds R2-R4 (PIN 272124 both)',
  },
  {
    spelling: 'RANI DURGAVAT I MEDICAL COLLEGE, BANDA ,RANI DURGAVAT I MEDICAL COLLEGE NARAINI ROAD BANDA, UTTAR PRADESH, 210001',
    mcc: 701515,
    dnbMcc: 701585,
    note: "Banda: DNB seats of R1 under this spelling; R2-R4 under 701585 'Government Allopathic Medical College', the same address (PIN 210001)",
  },
  {
    spelling: 'MANIK HOSPITAL, MAHARASHTRA , MANIK HOSPITAL P 148 OPP KAMGAR KALYAN BHAVAN NEAR MOHTA DEVI MANDIR BAJAJ NAGAR MIDC WALUJ AURANGAB, MAHARASHTRA',
    mcc: 701614,
    note: 'Manik Hospital, Waluj: two MCC DNB entries with one address (PIN 431136); R2-R3 spelling joined to the R1 one',
  },

  // Spelling and typing differences between the allotment PDFs and the MCC list.
  {
    spelling: 'ARMED FORCES MEDICAL COLLEGE , SOLAPUR ROAD NEAR RACE COURSE OPPOSITE OLD COMMAND HOSPITAL, WANOWARI PUNR, MAHARASHTRA',
    mcc: 902867,
    note: "'PUNR' for 'PUNE'",
  },
  {
    spelling: 'KING GEORGE MEDICAL UNIVERSITY,KING GEORGE MEDICAL UNIVERSITY, SHAHMEENA ROAD, CHOWK, LUCKNOW-226003, UTTAR PRADESH',
    mcc: 700366,
    note: "MCC: 'KING GEORGES'",
  },
  { spelling: 'VARDHAMAN MAHAVIR MEDICAL COLLEGE, NEW DELHI,VARDHAMAN MAHAVIR MEDICAL COLLEGE, NEW DELHI, DELHI (NCT)', mcc: 700122, note: "MCC: 'Vardhman'" },
  {
    spelling: 'SAFDARJUNG HOSPITAL AND VARDHAMAN MAHAVIR MEDICAL COLLEGE, DELHI,OPPOSITE ANSARI NAGAR, RING ROAD, NEW DELHI, DELHI (NCT)',
    mcc: 903291,
    note: "MCC: 'Vardhman'",
  },
  {
    spelling: 'OSMANIA MEDICAL COLLEGE,5-1-876, TURREBAZ KHAN RD, TROOP BAZAAR, KOTI, HYDERABAD, TELANGANA, TELANGANA',
    mcc: 700483,
    note: "MCC: 'Osmania Medical Collge'",
  },
  { spelling: 'MAHARSHI VASISHTHA AUTONOMOUS STATE MEDICAL COLLEGE BASTI , RAMPUR TAHSIL SADAR BASTI, UTTAR PRADESH', mcc: 902835, note: "MCC: 'VASHISHTHA'" },
  {
    spelling: 'PGIMER, DR RML HOSPITAL,ABVIMS, DR RML HOSPITAL, BABA KHARAK SINGH MARG, CANNAUGHT PLACE, DELHI (NCT), 110001',
    mcc: 700357,
    note: 'MCC: "PGIMER, DR. RML Hospital, Cannaught Place, New Delhi, ABVIMS, ..."',
  },
  {
    spelling:
      'POST GRADUATE INSTITUTE OF MEDICAL EDUCATION AND RESEARCH, DR RML HOSPITAL, CANNAUGHT PLACE, NEW DELHI,ABVIMS, DR RML HOSPITAL, BABA KHARAK SINGH MARG, CANNAUGHT PLACE, NEW DELHI',
    mcc: 700357,
    note: 'PGIMER written out',
  },
  {
    spelling:
      'POST GRADUATE INSTITUTE OF MEDICAL EDUCATION AND RESEARCH, DR RAM MANOHAR LOHIA HOSPITAL, DELHI,BABA KHARAK SINGH MARG, NEAR GURUDWARA BANGLA SAHIB, CONNAUGHT PLACE, NEW DELHI, DELHI 110001, DELHI (NCT)',
    mcc: 903290,
    note: "MCC: 'PGIMER, Dr. Ram Manohar Lohia Hospital, Delhi' (the NBEMS entry)",
  },
  {
    spelling:
      'PIMPRI CHICHWAD MUNICIPAL CORPORATION POSTGRADUATE INSTITUTE Y C M HOSPITAL PIMPRI,PUNE 18,DEAN OFFICE, Y C M HOSPITAL, SANT TUKARAMNAGAR PIMPRI, PUNE, MAHARASHTRA, 411018',
    mcc: 700523,
    note: "MCC adds '2nd Floor'",
  },
  { spelling: 'THIRUVARUR GOVT MEDICAL COLLEGE,THIRUVARUR GOVT MEDICAL COLLEGE, TAMIL NADU, 610004', mcc: 700530, note: 'MCC adds the street address' },
  {
    spelling:
      'SHRI SATHYA SAI MEDICAL COLLEGE AND RESEARCH INSTITUTE,KANCHEEPURAM,SHRI SATHYA SAI NAGAR, SBV CHENNAI CAMPUS, AMMAPETTAI, CHENGALPATTU DISTRICT, TAMIL NADU, 603108',
    mcc: 700455,
    note: 'address parts in another order',
  },
  {
    spelling:
      'GOVERNM ENT MEDICAL COLLEGE, CUDDALOR E DISTRICT,G OVT MEDICAL COLLEGE AND HOSPITAL, CUDDALOR E DISTRICT ERSTWHILE RAJAH MUTHIAH MEDICAL COLLEGE, TAMIL NADU, 608002',
    mcc: 700544,
    note: 'PDF-split words',
  },
  {
    spelling: 'ACSR GOVERNMENT MEDICAL COLLEGE,NELLORE,OPP AC SUBBAREDDY STADIUM DARGAMITTA NELLORE, SPSR NELLORE DISTRICT, ANDHRA PRADESH',
    mcc: 701720,
    note: "MCC repeats 'Andhra Pradesh'",
  },
  { spelling: 'NATIONAL INSTITUTE OF OPHTHALMOLOGY,118730 SHIVAJINAGAR, OFF GHOLE ROAD, PUNE, MAHARASHTRA', mcc: 700950, note: "MCC: '1187.30 ShivajiNagar'" },
  {
    spelling: 'CIVIL HOSPITAL KAPURTHA LA,SULTAN PUR ROAD, NEAR STATE GURUDWA RA KAPURTHA LA, PUNJAB, 144601',
    mcc: 901845,
    note: "MCC's PIN is cut to '14461'",
  },
  {
    spelling: 'GOVT DISTRICT HOSPITAL, RAJASTHAN,AJMER ROAD KEKRI DISTRICT AJMER, RAJASTHAN, 305404',
    mcc: 701440,
    note: "MCC: 'District Kekri' (Kekri district formed from Ajmer), same PIN",
  },
  { spelling: 'GOVERNMENT DB GENERAL MEDICAL HOSPTAL,CHURU, NAYABASS, CHURU', mcc: 701058, note: 'MCC adds the state and PIN' },
  { spelling: 'CENTRAL SUPER SPECIALITY HOSPITAL,,MDCSSHECR@GMAIL COM, BIHAR, 800001', mcc: 701303, note: 'same e-mail address and PIN' },
  { spelling: 'ESIC MODEL HOSPITAL,,MS-BAPUNAGAR GJ@ESIC NIC IN, GUJARAT, 380024', mcc: 700711, note: 'same e-mail address and PIN' },
  { spelling: 'ESIC MODEL HOSPITAL,,A-3, TULSI MARG, SECTOR-24, NOIDA, UTTAR PRADESH, 201301', mcc: 701242, note: 'same address and PIN' },
  { spelling: 'CHAITHANYA EYE HOSPITAL,,KESAVADASAPURAM, THIRUVANANTHAPURAM KERALA-695004, KERALA, 695004', mcc: 700877, note: 'same address and PIN' },
  { spelling: 'S N M HOSPITAL, LADAKH,MEDICAL SUPERINTENDENT SNM HOSPITAL LEH UT LADAKH , LADAKH, 194101', mcc: 901761, note: 'same address and PIN' },
  {
    spelling:
      'UTKAL INSTITUTE OF MEDICAL SCIENCES AND HOSPITAL, ORISSA,UTKAL INSTITUTE OF MEDICAL SCIENCES AND HOSPITAL,A UNIT OF UHPL,C- 3,NILADRI VIHAR,BHUBANESWAR, ODISHA',
    mcc: 902798,
    note: 'same address',
  },
  {
    spelling: 'UTKAL INSTITUTE OF MEDICAL SCIENCES AND HOSPITAL, ORISSA,C-3, NILADRI VIHAR, CHANDRASHEKHARPUR, BHUBANESWAR, DIST-KHORDA-751021 ODISHA',
    mcc: 902798,
    note: 'same institute, same PIN',
  },
  {
    spelling: 'RENOVA NEELIMA HOSPITAL,TELANGANA,RENOV A NEELIMA HOSPITAL, 7-2- 1735 CZECH COLONY SANATHNAGAR HYDERABAD , TELANGANA- 500015',
    mcc: 901857,
    note: 'same house number 7-2-1735 in Sanathnagar',
  },
  {
    spelling:
      'POST GRADUATE INSTITUTE OF MEDICAL EDUCATION & RESEARCH AND CAPITAL HOSPITAL (POST GRADUATE INSTITUTE OF MEDICAL EDUCATION AND RESEARCH & CH), ODISHA,POST GRADUATE INSTITUTE OF MEDICAL EDUCATION & RESEARCH AND CAPITAL HOSPITAL, BHUBANESWAR, UDYAN MAR, ODISHA',
    mcc: 701713,
    note: "MCC: '( PGIMER & CH)'",
  },
  {
    spelling: 'KIMS SUNSHINE HOSPITAL (FORMERLY KNOWN AS SUNSHINE HOSPITAL), BEGUMPET, TELANGANA,BEGUMPET, METRO PILLAR NOC1327, HYDERABAD-500016 TELANGANA',
    mcc: 701187,
    note: "MCC: 'Metro Pillar No.C1327'",
  },
  {
    spelling:
      'JOINT ACCREDITATION PROGRAMME- AARTHI SCANS AND LABS, (A UNIT OF AARTHI SCANS PVT LTD) (ATTACHED SECONDARY HOSPITAL IS BILLROTH HOSPITAL PVT LTD SHENOY ROAD, CHENNAI, TAMIL NADU), TAMIL NADU',
    mcc: 903328,
    note: 'MCC adds the street address',
  },
  {
    spelling: 'JAYPEE HOSPITAL,,SECTOR 128, NOIDA, UTTAR PRADESH, 201304',
    mcc: 701229,
    note: 'MCC: "Jaypee Hospital,, Max Super Speciality Hospital, Sector 128, Noida"; same PIN',
  },
  {
    spelling: 'MAHARAJA AGARSEN HOSPITAL,, , DELHI (NCT), 110026',
    mcc: 700639,
    note: 'MCC: "Maharaja Agarsen Hospital, , Maharaja Agrasen Hospital, Rohtak Road, West Punjabi Bagh"; same PIN',
  },
  {
    spelling: 'SAGAR HOSPITAL, KARNATAKA,NO 44/54, 30TH CROSS, TILAK NAGAR, JAYANAGAR EXTN , BANGALORE, KARNATAKA-560041',
    mcc: 700795,
    note: 'MCC 700795 is Sagar Hospital, PIN 560041 (Jayanagar); 700805 is the Kumaraswamy Layout one',
  },
  {
    spelling: 'GOVERNMENT HEAD QUARTERS HOSPITAL,,NO 5 RAILWAY ROAD, KANCHIPURAM , TAMIL NADU, 631501',
    mcc: 701141,
    note: "MCC: '... DNB POST GRADUATE TEACHING INSTITUTE NO5 RAILWAY ROAD, KANCHIPURAM'",
  },
  {
    spelling: 'GOVERNMENT HEAD QUARTERS HOSPITAL,,NEW ROAD, KOVILPATTI, THOOTHUKUDI DISTRICT, TAMIL NADU, 628501',
    mcc: 701144,
    note: "MCC: '... DNB POST GRADUATE TEACHING INSTITUTE NEW ROAD KOVILPATTI'",
  },
  {
    spelling: 'GOVERNMENT HEAD QUARTERS HOSPITAL,,NELLIKUPPAM MAIN ROAD, CUDDALORE, TAMIL NADU, 607001',
    mcc: 701139,
    note: "MCC: '... DNB Post Graduate Teaching Institute, Nellikuppam Mai[n Road]', same PIN",
  },
  {
    spelling:
      'DISTRICT CIVIL HOSPITAL, MAHARAJA AGRASEN DISTRICT CIVIL HOSPITAL HISAR, HARYANA, 125001,MAHARAJA AGRASEN DISTRICT CIVIL HOSPITAL HISAR, HARYANA',
    mcc: 700738,
    note: 'address repeated',
  },
  {
    spelling:
      'DR CHANDRAKANTH MALABAR SUPERSPECIALITY EYE HOSPITAL, KERALA,KANNUR RD, WEST NADAKKAVE, VANDIPETTA, BILATHIKKULAM, KOZHIKODE, KERALA 673011, KERALA, 673011',
    mcc: 701573,
    note: "MCC: 'Dr. Chandrakanth Malabar Super Speciality Eye Hospitals Pvt Ltd., Kozhikode'",
  },
  {
    spelling: 'ASSOCIATED HOSPITAL GOVT MEDICAL COLLEGE,,MAKESHIFT CAMPUS, NEAR BUS STAND, DODA CITY, DODA, JAMMU AND KASHMIR, JAMMU AND KASHMIR, 182202',
    mcc: 700762,
    note: 'GMC Doda: makeshift campus then, main campus Ghat now; same PIN',
  },

  // Renamed institutes (the MCC entry names the former name or keeps the address and PIN).
  {
    spelling: 'VIJANAGARA INSTITUTE OF MEDICAL SCIENCES BALLARI,VIJANAGARA INSTITUTE OF MEDICAL SCIENCES BALLARI, KARNATAKA, 583104',
    mcc: 700396,
    note: "MCC: 'Ballari Medical College and Research Centre Ballari formerly VIMS Ballari'",
  },
  {
    spelling: 'KARNATAKA INSTITUTE OF MEDICAL SCIENCES, HUBBALLI,KARNATAKA INSTITUTE OF MEDICAL SCIENCES, HUBBALLI, KARNATAKA, 580021',
    mcc: 700394,
    note: 'renamed Karnataka Medical College and Research Institute, Hubballi; same PIN',
  },
  {
    spelling: 'SJP MEDICAL COLLEGE, BHARATPUR,SJP MEDICAL COLLEGE BHARATPUR VILLAGE RAMPURA NH 21, RAJASTHAN, 321001',
    mcc: 701328,
    note: 'MCC: "Government Medical College ... Bharatpur, ... BHARATPUR VILLAGE RAMPURA NH 21"',
  },
  {
    spelling: 'MAHATMA GANDHI MISSIONS MEDICAL COLLEGE, AURANGABAD,MAHATMA GANDHI MISSIONS MEDICAL COLLEGE, AURANGABAD, MAHARASHTRA',
    mcc: 700438,
    note: "MCC: 'MGM Medical College, Aurangabad'",
  },
  {
    spelling: 'IVY HEALTH AND LIFE SCIENCES,,IVY HOSPITAL MOHALI, SECTOR 71 SAS NAGAR, PUNJAB, 160071',
    mcc: 701028,
    note: "MCC: 'Livasa Hospital, Mohali ... (Formerly known as Ivy Health and Life Sciences)'",
  },
  {
    spelling:
      'ADVANCED MEDICAL RESEARCH INSTITUTE (AMRI) HOSPITAL,,AMRI HOSPITALS, BHUBANESWAR PLOT NO-1, BESIDES SATYA SAI ENCLAVE, KHANDAGIRI, BHUBANESWAR, ODISHA, 751030',
    mcc: 701005,
    note: "MCC: 'Manipal Hospital, Bhubaneswar (Formerly known as AMRI Hospital)'",
  },
  {
    spelling: 'SAHARA INDIA MEDICAL INSTITUTE LIMITED, UTTAR PRADESH,1 VIRAJ KHAND GOMTI NAGAR, UTTAR PRADESH, 226010',
    mcc: 901763,
    note: "MCC: 'Max Super Specialty Hospital Lucknow ... (Formerly Known As Sahara India Medical Institute Limited)'",
  },
  {
    spelling:
      'SHAHID MAHENDRA KARMA MEMORIAL GOVERNMENT HOSPITAL (FORMERLY GOVERNMENT MEDICAL COLLEGE (MAHARANI HOSPITAL)), CHHATTISGARH , DIMRAPAL, JAGDALPUR, CHHATTISGARH-494001',
    mcc: 701441,
    note: "Its own name says it was 'Government Medical College (Maharani Hospital)', Jagdalpur: MCC 701441, whose DNB seats of 2023 and 2025 it continues (issue 21); was 701718, 'Maharani Hospital Jagdalpur', another MCC entry",
  },
  // Renamed or re-coded institutes whose earlier spelling no MCC entry of today names (issue 21):
  // without these lines their seats' history before the renaming was lost.
  {
    spelling: 'SUNSHINE HOSPITAL,,1-7-201 TO 205 PG ROAD, PARADISE, SECUNDERABAD, TELANGANA, 500003',
    mcc: 701187,
    note: "2023 spelling; MCC 701187 is 'KIMS SunShine Hospital (Formerly known as SunShine Hospital), Begumpet' (2024, 2025): same DNB courses",
  },
  {
    spelling:
      'CHITTARANJAN NATIONAL CANCER INSTITUTE, 37-,37, S P MUKHERJEE ROAD, KOLKATA-700026- 1ST CAMPUS, 299 DJ BLOCK A A 1, NEWTOWN KOLKATA- 700156-2ND, WEST BENGAL, 700026',
    mcc: 701258,
    dnbMcc: 903354,
    note: "One spelling for both entries: in 2023 it also named the DNB seats, which MCC lists as 903354 'Chittaranjan National Cancer Institute DNB' since 2024",
  },

  // No MCC entry: spellings of one institute kept together.
  {
    spelling:
      'MAHATMA GANDHI MISSIONS MEDICAL COLLEGE, NAVI MUMBAI,MAHATMA GANDHI MISSIONS MEDICAL COLLEGE, SECTOR1, PLOT 1-2, KAMOTHE, NAVI MUMBAI-, MAHARASHTRA',
    sameAs: 'MGM MEDICAL COLLEGE, NAVI MUMBAI,MGM MEDICAL COLLEGE, SECTOR1, PLOT 1-2, KAMOTHE, NAVI MUMBAI-, MAHARASHTRA, 410209',
    note: 'MGM Medical College, Kamothe, Navi Mumbai',
  },
  {
    spelling:
      'MAHATMA GANDHI MISSIONS MEDICAL COLLEGE, NAVI MUMBAI , MAHATMA GANDHI MISSIONS MEDICAL COLLEGE, SECTOR1, PLOT 1, KAMOTHE, NAVI MUMBAI- 410209, MAHARASHTRA',
    sameAs: 'MGM MEDICAL COLLEGE, NAVI MUMBAI,MGM MEDICAL COLLEGE, SECTOR1, PLOT 1-2, KAMOTHE, NAVI MUMBAI-, MAHARASHTRA, 410209',
    note: 'MGM Medical College, Kamothe, Navi Mumbai',
  },
  {
    spelling: 'GOVERNMENT MEDICAL COLLEGE KANNAUJ, UTTAR PRADESH,TIRES, KANNAUJ, UTTAR PRADESH- 209732',
    sameAs: 'GOVERNMENT MEDICAL COLLEGE KANNAUJ, UTTAR PRADESH,KANNAUJMEDICALCOLLEGE@GMAIL COM, UTTAR PRADESH, 209732',
    note: 'Government Medical College, Kannauj (same PIN)',
  },
];
