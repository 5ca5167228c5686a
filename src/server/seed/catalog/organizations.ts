import type { Pair } from './taxonomy';

export type OrgKind = 'ministry' | 'authority' | 'municipality' | 'university' | 'cabinet' | 'royal';

export interface OrganizationDef {
  code: string;
  name: string;
  name_ar: string;
  kind: OrgKind;
  /** Key into CITIES. */
  city: string;
  domain: string;
  /** Category slugs the organization mostly posts in; empty means any. */
  categories: string[];
  /** What it is for, as a phrase after "تتولى" / "responsible for". */
  mandate: Pair;
  subsidiaries: Pair[];
  /** Its head, as signed under its posts; derived from kind when absent. */
  head?: Pair;
  /** Relative share of the posts. */
  weight?: number;
  verified?: boolean;
  active?: boolean;
  /** Grammatically masculine in Arabic (البنك, المركز, الديوان): verbs agree with it. */
  masculine?: boolean;
}

/** Real Saudi government bodies, as a reader of official texts would expect to meet them. */
export const ORGANIZATIONS: OrganizationDef[] = [
  {
    code: 'MOE', name: 'Ministry of Education', name_ar: 'وزارة التعليم', kind: 'ministry', city: 'riyadh', domain: 'moe.gov.sa',
    categories: ['education'], weight: 3,
    mandate: ['تنظيم التعليم العام والجامعي والإشراف عليه وتطوير المناهج', 'regulating and overseeing general and higher education and developing curricula'],
    subsidiaries: [
      ['المركز الوطني للمناهج', 'National Curriculum Center'],
      ['الإدارة العامة للتعليم بمنطقة الرياض', 'General Directorate of Education in Riyadh Region'],
      ['الإدارة العامة للتعليم بمحافظة جدة', 'General Directorate of Education in Jeddah'],
      ['المركز الوطني للتعليم الإلكتروني', 'National eLearning Center'],
      ['شركة تطوير للخدمات التعليمية', 'Tatweer Educational Services Company'],
    ],
  },
  {
    code: 'MOH', name: 'Ministry of Health', name_ar: 'وزارة الصحة', kind: 'ministry', city: 'riyadh', domain: 'moh.gov.sa',
    categories: ['health'], weight: 3,
    mandate: ['رسم السياسات الصحية وتقديم خدمات الرعاية الصحية الوقائية والعلاجية', 'setting health policy and providing preventive and curative health care'],
    subsidiaries: [
      ['تجمع الرياض الصحي الأول', 'Riyadh First Health Cluster'],
      ['تجمع جدة الصحي الأول', 'Jeddah First Health Cluster'],
      ['تجمع الشرقية الصحي', 'Eastern Health Cluster'],
      ['مركز خدمات 937', '937 Service Center'],
    ],
  },
  {
    code: 'MOF', name: 'Ministry of Finance', name_ar: 'وزارة المالية', kind: 'ministry', city: 'riyadh', domain: 'mof.gov.sa',
    categories: ['finance', 'economy'], weight: 2,
    mandate: ['إدارة المالية العامة للدولة وإعداد الميزانية العامة ومتابعة تنفيذها', 'managing public finances and preparing and executing the state budget'],
    subsidiaries: [
      ['المركز الوطني لإدارة الدين', 'National Debt Management Center'],
      ['هيئة كفاءة الإنفاق والمشروعات الحكومية', 'Expenditure Efficiency and Government Projects Authority'],
      ['مركز تنمية الإيرادات غير النفطية', 'Non-Oil Revenue Development Center'],
    ],
  },
  {
    code: 'MEP', name: 'Ministry of Economy and Planning', name_ar: 'وزارة الاقتصاد والتخطيط', kind: 'ministry', city: 'riyadh', domain: 'mep.gov.sa',
    categories: ['economy'],
    mandate: ['رسم السياسات الاقتصادية والتخطيط التنموي', 'economic policy and development planning'],
    subsidiaries: [
      ['المركز الوطني للتنافسية', 'National Competitiveness Center'],
      ['وكالة التخطيط الاقتصادي', 'Economic Planning Agency'],
    ],
  },
  {
    code: 'MOI', name: 'Ministry of Interior', name_ar: 'وزارة الداخلية', kind: 'ministry', city: 'riyadh', domain: 'moi.gov.sa',
    categories: ['security'], weight: 2,
    mandate: ['حفظ الأمن والنظام العام وتقديم الخدمات الأمنية والمدنية', 'keeping public order and security and providing security and civil services'],
    subsidiaries: [
      ['المديرية العامة للجوازات', 'General Directorate of Passports'],
      ['الإدارة العامة للمرور', 'General Department of Traffic'],
      ['المديرية العامة للدفاع المدني', 'General Directorate of Civil Defense'],
      ['وكالة الأحوال المدنية', 'Civil Affairs Agency'],
    ],
  },
  {
    code: 'MOFA', name: 'Ministry of Foreign Affairs', name_ar: 'وزارة الخارجية', kind: 'ministry', city: 'riyadh', domain: 'mofa.gov.sa',
    categories: ['tourism', 'security'],
    mandate: ['تنفيذ السياسة الخارجية للمملكة ورعاية مصالح المواطنين في الخارج', 'carrying out the Kingdom’s foreign policy and caring for citizens abroad'],
    subsidiaries: [
      ['معهد الأمير سعود الفيصل للدراسات الدبلوماسية', 'Prince Saud Al Faisal Institute for Diplomatic Studies'],
      ['فرع الوزارة بمنطقة مكة المكرمة', 'Ministry Branch in Makkah Region'],
    ],
  },
  {
    code: 'MC', name: 'Ministry of Commerce', name_ar: 'وزارة التجارة', kind: 'ministry', city: 'riyadh', domain: 'mc.gov.sa',
    categories: ['economy'], weight: 2,
    mandate: ['تنظيم قطاع التجارة وحماية المستهلك وتطوير بيئة الأعمال', 'regulating trade, protecting consumers and improving the business environment'],
    subsidiaries: [
      ['فرع وزارة التجارة بمنطقة مكة المكرمة', 'Ministry of Commerce Branch in Makkah Region'],
      ['فرع وزارة التجارة بالمنطقة الشرقية', 'Ministry of Commerce Branch in the Eastern Province'],
      ['المركز السعودي للأعمال', 'Saudi Business Center'],
    ],
  },
  {
    code: 'HRSD', name: 'Ministry of Human Resources and Social Development', name_ar: 'وزارة الموارد البشرية والتنمية الاجتماعية', kind: 'ministry', city: 'riyadh', domain: 'hrsd.gov.sa',
    categories: ['labor'], weight: 3,
    mandate: ['تنظيم سوق العمل وتمكين الموارد البشرية الوطنية وتقديم الخدمات الاجتماعية', 'organising the labour market, empowering national talent and providing social services'],
    subsidiaries: [
      ['صندوق تنمية الموارد البشرية (هدف)', 'Human Resources Development Fund (HADAF)'],
      ['وكالة الضمان الاجتماعي', 'Social Security Agency'],
      ['فرع الوزارة بمنطقة الرياض', 'Ministry Branch in Riyadh Region'],
      ['فرع الوزارة بمنطقة القصيم', 'Ministry Branch in Qassim Region'],
    ],
  },
  {
    code: 'MOMAH', name: 'Ministry of Municipalities and Housing', name_ar: 'وزارة البلديات والإسكان', kind: 'ministry', city: 'riyadh', domain: 'momah.gov.sa',
    categories: ['municipal'], weight: 2,
    mandate: ['تنظيم العمل البلدي والتخطيط العمراني وتوفير الحلول السكنية', 'municipal work, urban planning and housing solutions'],
    subsidiaries: [
      ['برنامج سكني', 'Sakani Program'],
      ['صندوق التنمية العقارية', 'Real Estate Development Fund'],
      ['الهيئة العامة للعقار', 'Real Estate General Authority'],
    ],
  },
  {
    code: 'MOT', name: 'Ministry of Transport and Logistic Services', name_ar: 'وزارة النقل والخدمات اللوجستية', kind: 'ministry', city: 'riyadh', domain: 'mot.gov.sa',
    categories: ['transport'], weight: 2,
    mandate: ['تطوير منظومة النقل والطرق والخدمات اللوجستية', 'developing transport, roads and logistics'],
    subsidiaries: [
      ['الهيئة العامة للطرق', 'Roads General Authority'],
      ['فرع الوزارة بمنطقة عسير', 'Ministry Branch in Asir Region'],
      ['فرع الوزارة بمنطقة تبوك', 'Ministry Branch in Tabuk Region'],
    ],
  },
  {
    code: 'MOEN', name: 'Ministry of Energy', name_ar: 'وزارة الطاقة', kind: 'ministry', city: 'riyadh', domain: 'moenergy.gov.sa',
    categories: ['energy'],
    mandate: ['وضع سياسات قطاع الطاقة بما فيه البترول والكهرباء والطاقة المتجددة', 'energy policy, including petroleum, electricity and renewables'],
    subsidiaries: [
      ['المركز السعودي لكفاءة الطاقة', 'Saudi Energy Efficiency Center'],
      ['مكتب تطوير مشاريع الطاقة المتجددة', 'Renewable Energy Project Development Office'],
    ],
  },
  {
    code: 'MEWA', name: 'Ministry of Environment, Water and Agriculture', name_ar: 'وزارة البيئة والمياه والزراعة', kind: 'ministry', city: 'riyadh', domain: 'mewa.gov.sa',
    categories: ['environment'], weight: 2,
    mandate: ['حماية البيئة وتنمية الموارد المائية وتحقيق الأمن الغذائي', 'protecting the environment, developing water resources and food security'],
    subsidiaries: [
      ['المركز الوطني لتنمية الغطاء النباتي ومكافحة التصحر', 'National Center for Vegetation Cover Development and Combating Desertification'],
      ['صندوق التنمية الزراعية', 'Agricultural Development Fund'],
      ['فرع الوزارة بمنطقة جازان', 'Ministry Branch in Jazan Region'],
      ['فرع الوزارة بمنطقة حائل', 'Ministry Branch in Hail Region'],
    ],
  },
  {
    code: 'MOJ', name: 'Ministry of Justice', name_ar: 'وزارة العدل', kind: 'ministry', city: 'riyadh', domain: 'moj.gov.sa',
    categories: ['justice'], weight: 2,
    mandate: ['الإشراف على المحاكم وكتابات العدل وتطوير المرفق العدلي', 'supervising the courts and notaries and developing the justice system'],
    subsidiaries: [
      ['مركز التدريب العدلي', 'Judicial Training Center'],
      ['المركز السعودي للتحكيم التجاري', 'Saudi Center for Commercial Arbitration'],
      ['كتابة العدل الأولى بالرياض', 'First Notary Public in Riyadh'],
    ],
  },
  {
    code: 'MCIT', name: 'Ministry of Communications and Information Technology', name_ar: 'وزارة الاتصالات وتقنية المعلومات', kind: 'ministry', city: 'riyadh', domain: 'mcit.gov.sa',
    categories: ['technology'], weight: 2,
    mandate: ['تطوير قطاع الاتصالات وتقنية المعلومات وبناء الاقتصاد الرقمي', 'developing the ICT sector and the digital economy'],
    subsidiaries: [
      ['أكاديمية طويق', 'Tuwaiq Academy'],
      ['برنامج مهارات المستقبل', 'Future Skills Program'],
    ],
  },
  {
    code: 'MT', name: 'Ministry of Tourism', name_ar: 'وزارة السياحة', kind: 'ministry', city: 'riyadh', domain: 'mt.gov.sa',
    categories: ['tourism'],
    mandate: ['تنظيم القطاع السياحي وتطويره وترخيص أنشطته', 'regulating, developing and licensing the tourism sector'],
    subsidiaries: [
      ['صندوق التنمية السياحي', 'Tourism Development Fund'],
      ['فرع الوزارة بمنطقة عسير', 'Ministry Branch in Asir Region'],
      ['فرع الوزارة بمنطقة المدينة المنورة', 'Ministry Branch in Madinah Region'],
    ],
  },
  {
    code: 'MOC', name: 'Ministry of Culture', name_ar: 'وزارة الثقافة', kind: 'ministry', city: 'riyadh', domain: 'moc.gov.sa',
    categories: ['tourism'],
    mandate: ['تنمية القطاع الثقافي ودعم المبدعين والمحافظة على التراث', 'growing the cultural sector, supporting creators and preserving heritage'],
    subsidiaries: [
      ['هيئة التراث', 'Heritage Commission'],
      ['هيئة الأدب والنشر والترجمة', 'Literature, Publishing and Translation Commission'],
      ['هيئة المتاحف', 'Museums Commission'],
    ],
  },
  {
    code: 'MOS', name: 'Ministry of Sport', name_ar: 'وزارة الرياضة', kind: 'ministry', city: 'riyadh', domain: 'mos.gov.sa',
    categories: ['sports'],
    mandate: ['تطوير القطاع الرياضي ورعاية الشباب ودعم الأندية والاتحادات', 'developing sport, caring for youth and supporting clubs and federations'],
    subsidiaries: [
      ['مديرية الرياضة بمنطقة الرياض', 'Sport Directorate in Riyadh Region'],
      ['مديرية الرياضة بمنطقة مكة المكرمة', 'Sport Directorate in Makkah Region'],
    ],
  },
  {
    code: 'MIM', name: 'Ministry of Industry and Mineral Resources', name_ar: 'وزارة الصناعة والثروة المعدنية', kind: 'ministry', city: 'riyadh', domain: 'mim.gov.sa',
    categories: ['energy', 'economy'],
    mandate: ['تنمية القطاع الصناعي والتعديني وتعظيم القيمة المضافة منهما', 'growing industry and mining and the value they add'],
    subsidiaries: [
      ['هيئة المساحة الجيولوجية السعودية', 'Saudi Geological Survey'],
      ['صندوق التنمية الصناعية السعودي', 'Saudi Industrial Development Fund'],
      ['هيئة تنمية الصادرات السعودية', 'Saudi Export Development Authority'],
    ],
  },
  {
    code: 'MISA', name: 'Ministry of Investment', name_ar: 'وزارة الاستثمار', kind: 'ministry', city: 'riyadh', domain: 'misa.gov.sa',
    categories: ['economy'],
    mandate: ['جذب الاستثمارات وتحسين البيئة الاستثمارية وخدمة المستثمرين', 'attracting investment, improving the investment climate and serving investors'],
    subsidiaries: [
      ['مركز خدمة المستثمرين', 'Investor Services Center'],
      ['برنامج المقرات الإقليمية', 'Regional Headquarters Program'],
    ],
  },
  {
    code: 'HAJ', name: 'Ministry of Hajj and Umrah', name_ar: 'وزارة الحج والعمرة', kind: 'ministry', city: 'makkah', domain: 'haj.gov.sa',
    categories: ['hajj'], weight: 2,
    mandate: ['تنظيم شؤون الحج والعمرة وخدمة ضيوف الرحمن', 'organising Hajj and Umrah and serving pilgrims'],
    subsidiaries: [
      ['فرع الوزارة بالمدينة المنورة', 'Ministry Branch in Madinah'],
      ['فرع الوزارة بجدة', 'Ministry Branch in Jeddah'],
      ['منصة نسك', 'Nusuk Platform'],
    ],
  },
  {
    code: 'MEDIA', name: 'Ministry of Media', name_ar: 'وزارة الإعلام', kind: 'ministry', city: 'riyadh', domain: 'media.gov.sa',
    categories: ['tourism', 'technology'],
    mandate: ['تنظيم القطاع الإعلامي وتطويره', 'regulating and developing the media sector'],
    subsidiaries: [
      ['وكالة الأنباء السعودية', 'Saudi Press Agency'],
      ['هيئة الإذاعة والتلفزيون', 'Saudi Broadcasting Authority'],
      ['مركز التواصل الحكومي', 'Center for Government Communication'],
    ],
  },
  {
    code: 'SAMA', name: 'Saudi Central Bank', name_ar: 'البنك المركزي السعودي', kind: 'authority', city: 'riyadh', domain: 'sama.gov.sa',
    categories: ['finance'], head: ['محافظ البنك المركزي السعودي', 'Governor of the Saudi Central Bank'],
    masculine: true,
    mandate: ['المحافظة على الاستقرار النقدي والمالي والإشراف على المصارف وشركات التمويل', 'monetary and financial stability and the supervision of banks and finance companies'],
    subsidiaries: [
      ['المعهد المالي', 'Financial Academy'],
      ['فرع البنك بجدة', 'Jeddah Branch'],
      ['فرع البنك بالدمام', 'Dammam Branch'],
    ],
  },
  {
    code: 'CMA', name: 'Capital Market Authority', name_ar: 'هيئة السوق المالية', kind: 'authority', city: 'riyadh', domain: 'cma.org.sa',
    categories: ['finance', 'economy'], head: ['رئيس مجلس هيئة السوق المالية', 'Chairman of the Capital Market Authority'],
    mandate: ['تنظيم السوق المالية وتطويرها وحماية المستثمرين', 'regulating and developing the capital market and protecting investors'],
    subsidiaries: [
      ['مركز التوعية الاستثمارية', 'Investor Awareness Center'],
      ['إدارة الإشراف على الأشخاص المرخص لهم', 'Authorised Persons Supervision Department'],
    ],
  },
  {
    code: 'ZATCA', name: 'Zakat, Tax and Customs Authority', name_ar: 'هيئة الزكاة والضريبة والجمارك', kind: 'authority', city: 'riyadh', domain: 'zatca.gov.sa',
    categories: ['finance'], weight: 2, head: ['محافظ هيئة الزكاة والضريبة والجمارك', 'Governor of the Zakat, Tax and Customs Authority'],
    mandate: ['جباية الزكاة والضرائب وتحصيل الرسوم الجمركية وتيسير التجارة', 'collecting zakat, taxes and customs duties and facilitating trade'],
    subsidiaries: [
      ['جمرك ميناء جدة الإسلامي', 'Jeddah Islamic Port Customs'],
      ['جمرك منفذ البطحاء', 'Al Batha Border Customs'],
      ['جمرك مطار الملك خالد الدولي', 'King Khalid International Airport Customs'],
      ['جمرك ميناء الملك عبدالعزيز بالدمام', 'King Abdulaziz Port Customs in Dammam'],
    ],
  },
  {
    code: 'SFDA', name: 'Saudi Food and Drug Authority', name_ar: 'الهيئة العامة للغذاء والدواء', kind: 'authority', city: 'riyadh', domain: 'sfda.gov.sa',
    categories: ['health'], weight: 2,
    mandate: ['ضمان سلامة الغذاء والدواء والأجهزة الطبية ومستحضرات التجميل', 'the safety of food, medicines, medical devices and cosmetics'],
    subsidiaries: [
      ['المركز الوطني للتيقظ الدوائي', 'National Pharmacovigilance Center'],
      ['مختبر الغذاء المرجعي', 'Reference Food Laboratory'],
      ['فرع الهيئة بمنطقة مكة المكرمة', 'Makkah Region Branch'],
    ],
  },
  {
    code: 'CST', name: 'Communications, Space and Technology Commission', name_ar: 'هيئة الاتصالات والفضاء والتقنية', kind: 'authority', city: 'riyadh', domain: 'cst.gov.sa',
    categories: ['technology'], head: ['محافظ هيئة الاتصالات والفضاء والتقنية', 'Governor of the Communications, Space and Technology Commission'],
    mandate: ['تنظيم قطاعات الاتصالات والفضاء والتقنية وحماية حقوق المستخدمين', 'regulating communications, space and technology and protecting users'],
    subsidiaries: [
      ['إدارة الطيف الترددي', 'Spectrum Management Department'],
      ['مركز حماية المستخدمين', 'User Protection Center'],
    ],
  },
  {
    code: 'GACA', name: 'General Authority of Civil Aviation', name_ar: 'الهيئة العامة للطيران المدني', kind: 'authority', city: 'jeddah', domain: 'gaca.gov.sa',
    categories: ['transport'],
    mandate: ['تنظيم الطيران المدني والإشراف على المطارات وسلامة الملاحة الجوية', 'regulating civil aviation and overseeing airports and air safety'],
    subsidiaries: [
      ['مطار الملك عبدالعزيز الدولي', 'King Abdulaziz International Airport'],
      ['مطار الملك خالد الدولي', 'King Khalid International Airport'],
      ['الأكاديمية السعودية للطيران المدني', 'Saudi Academy of Civil Aviation'],
    ],
  },
  {
    code: 'TGA', name: 'Transport General Authority', name_ar: 'الهيئة العامة للنقل', kind: 'authority', city: 'riyadh', domain: 'tga.gov.sa',
    categories: ['transport'],
    mandate: ['تنظيم قطاع النقل البري والبحري والسككي ورفع جودته', 'regulating land, sea and rail transport and raising its quality'],
    subsidiaries: [
      ['إدارة النقل العام بالحافلات', 'Public Bus Transport Department'],
      ['فرع الهيئة بمنطقة مكة المكرمة', 'Makkah Region Branch'],
    ],
  },
  {
    code: 'SDAIA', name: 'Saudi Data and AI Authority', name_ar: 'الهيئة السعودية للبيانات والذكاء الاصطناعي', kind: 'authority', city: 'riyadh', domain: 'sdaia.gov.sa',
    categories: ['technology'], weight: 2,
    mandate: ['تنظيم البيانات والذكاء الاصطناعي وتمكين الاستفادة منهما', 'governing data and AI and making them useful'],
    subsidiaries: [
      ['المركز الوطني للمعلومات', 'National Information Center'],
      ['مكتب إدارة البيانات الوطنية', 'National Data Management Office'],
      ['المركز الوطني للذكاء الاصطناعي', 'National Center for AI'],
    ],
  },
  {
    code: 'GASTAT', name: 'General Authority for Statistics', name_ar: 'الهيئة العامة للإحصاء', kind: 'authority', city: 'riyadh', domain: 'stats.gov.sa',
    categories: ['economy'],
    mandate: ['إنتاج الإحصاءات الرسمية ونشرها', 'producing and publishing official statistics'],
    subsidiaries: [
      ['إدارة الحسابات القومية', 'National Accounts Department'],
      ['إدارة إحصاءات الأسعار', 'Price Statistics Department'],
    ],
  },
  {
    code: 'NCM', name: 'National Center for Meteorology', name_ar: 'المركز الوطني للأرصاد', kind: 'authority', city: 'jeddah', domain: 'ncm.gov.sa',
    categories: ['environment'], head: ['الرئيس التنفيذي للمركز الوطني للأرصاد', 'CEO of the National Center for Meteorology'],
    masculine: true,
    mandate: ['رصد الطقس والمناخ وإصدار التوقعات والتنبيهات', 'observing weather and climate and issuing forecasts and warnings'],
    subsidiaries: [
      ['مركز الإنذار المبكر', 'Early Warning Center'],
      ['محطة أرصاد الرياض', 'Riyadh Weather Station'],
    ],
  },
  {
    code: 'NCA', name: 'National Cybersecurity Authority', name_ar: 'الهيئة الوطنية للأمن السيبراني', kind: 'authority', city: 'riyadh', domain: 'nca.gov.sa',
    categories: ['technology', 'security'], head: ['محافظ الهيئة الوطنية للأمن السيبراني', 'Governor of the National Cybersecurity Authority'],
    mandate: ['تعزيز الأمن السيبراني للدولة وحماية مصالحها الحيوية', 'the cybersecurity of the state and the protection of its vital interests'],
    subsidiaries: [
      ['الأكاديمية الوطنية للأمن السيبراني', 'National Cybersecurity Academy'],
      ['المركز الوطني الإرشادي للأمن السيبراني', 'National Cybersecurity Advisory Center'],
    ],
  },
  {
    code: 'ETEC', name: 'Education and Training Evaluation Commission', name_ar: 'هيئة تقويم التعليم والتدريب', kind: 'authority', city: 'riyadh', domain: 'etec.gov.sa',
    categories: ['education'],
    mandate: ['تقويم التعليم والتدريب واعتمادهما وقياس جودتهما', 'evaluating, accrediting and measuring the quality of education and training'],
    subsidiaries: [
      ['المركز الوطني للقياس', 'National Center for Assessment'],
      ['المركز الوطني للتقويم والاعتماد الأكاديمي', 'National Center for Academic Accreditation and Evaluation'],
    ],
  },
  {
    code: 'TVTC', name: 'Technical and Vocational Training Corporation', name_ar: 'المؤسسة العامة للتدريب التقني والمهني', kind: 'authority', city: 'riyadh', domain: 'tvtc.gov.sa',
    categories: ['education', 'labor'], head: ['محافظ المؤسسة العامة للتدريب التقني والمهني', 'Governor of the Technical and Vocational Training Corporation'],
    mandate: ['تأهيل الكوادر الوطنية فنيًا ومهنيًا لسوق العمل', 'technical and vocational training of national talent for the labour market'],
    subsidiaries: [
      ['الكلية التقنية بالرياض', 'Riyadh College of Technology'],
      ['الكلية التقنية بجدة', 'Jeddah College of Technology'],
      ['المعهد الصناعي الثانوي بالدمام', 'Dammam Secondary Industrial Institute'],
    ],
  },
  {
    code: 'GEA', name: 'General Entertainment Authority', name_ar: 'الهيئة العامة للترفيه', kind: 'authority', city: 'riyadh', domain: 'gea.gov.sa',
    categories: ['tourism'],
    mandate: ['تنظيم قطاع الترفيه وتنميته', 'regulating and growing the entertainment sector'],
    subsidiaries: [
      ['إدارة تراخيص الفعاليات', 'Event Licensing Department'],
      ['إدارة موسم الرياض', 'Riyadh Season Office'],
    ],
  },
  {
    code: 'MONSHAAT', name: 'Small and Medium Enterprises General Authority', name_ar: 'الهيئة العامة للمنشآت الصغيرة والمتوسطة', kind: 'authority', city: 'riyadh', domain: 'monshaat.gov.sa',
    categories: ['economy'],
    mandate: ['دعم المنشآت الصغيرة والمتوسطة وريادة الأعمال', 'supporting small and medium enterprises and entrepreneurship'],
    subsidiaries: [
      ['مراكز دعم المنشآت', 'SME Support Centers'],
      ['برنامج كفالة', 'Kafalah Program'],
    ],
  },
  {
    code: 'NAZAHA', name: 'Oversight and Anti-Corruption Authority', name_ar: 'هيئة الرقابة ومكافحة الفساد', kind: 'authority', city: 'riyadh', domain: 'nazaha.gov.sa',
    categories: ['justice'],
    mandate: ['حماية النزاهة والرقابة الإدارية ومكافحة الفساد المالي والإداري', 'protecting integrity, administrative oversight and fighting corruption'],
    subsidiaries: [
      ['إدارة التحقيق الإداري', 'Administrative Investigation Department'],
      ['إدارة حماية النزاهة', 'Integrity Protection Department'],
    ],
  },
  {
    code: 'GOSI', name: 'General Organization for Social Insurance', name_ar: 'المؤسسة العامة للتأمينات الاجتماعية', kind: 'authority', city: 'riyadh', domain: 'gosi.gov.sa',
    categories: ['labor'], head: ['محافظ المؤسسة العامة للتأمينات الاجتماعية', 'Governor of the General Organization for Social Insurance'],
    mandate: ['تطبيق نظام التأمينات الاجتماعية وصرف المنافع للمستحقين', 'applying the Social Insurance Law and paying benefits'],
    subsidiaries: [
      ['مكتب التأمينات بجدة', 'Jeddah Office'],
      ['مكتب التأمينات بالدمام', 'Dammam Office'],
      ['مكتب التأمينات بأبها', 'Abha Office'],
    ],
  },
  {
    code: 'SRCA', name: 'Saudi Red Crescent Authority', name_ar: 'هيئة الهلال الأحمر السعودي', kind: 'authority', city: 'riyadh', domain: 'srca.org.sa',
    categories: ['health', 'security'],
    mandate: ['تقديم الخدمات الإسعافية والإغاثية', 'emergency medical and relief services'],
    subsidiaries: [
      ['فرع الهيئة بمنطقة مكة المكرمة', 'Makkah Region Branch'],
      ['فرع الهيئة بالمنطقة الشرقية', 'Eastern Province Branch'],
      ['مركز العمليات الإسعافية', 'Ambulance Operations Center'],
    ],
  },
  {
    code: 'SASO', name: 'Saudi Standards, Metrology and Quality Organization', name_ar: 'الهيئة السعودية للمواصفات والمقاييس والجودة', kind: 'authority', city: 'riyadh', domain: 'saso.gov.sa',
    categories: ['economy', 'energy'], verified: false,
    mandate: ['إصدار المواصفات القياسية ومنح شهادات المطابقة والجودة', 'issuing standards and certificates of conformity and quality'],
    subsidiaries: [
      ['المركز الوطني للقياس والمعايرة', 'National Measurement and Calibration Center'],
      ['مختبرات الهيئة بجدة', 'Jeddah Laboratories'],
    ],
  },
  {
    code: 'BOE', name: 'Bureau of Experts at the Council of Ministers', name_ar: 'هيئة الخبراء بمجلس الوزراء', kind: 'cabinet', city: 'riyadh', domain: 'boe.gov.sa',
    categories: [], weight: 2, head: ['رئيس هيئة الخبراء بمجلس الوزراء', 'President of the Bureau of Experts at the Council of Ministers'],
    mandate: ['دراسة مشروعات الأنظمة واللوائح ونشر الأنظمة النافذة', 'reviewing draft laws and regulations and publishing the laws in force'],
    subsidiaries: [
      ['المركز الوطني للوثائق والمحفوظات', 'National Center for Documents and Archives'],
      ['المركز الوطني لقياس أداء الأجهزة العامة (أداء)', 'National Center for Performance Measurement (Adaa)'],
    ],
  },
  {
    code: 'RC', name: 'Royal Court', name_ar: 'الديوان الملكي', kind: 'royal', city: 'riyadh', domain: 'royalcourt.gov.sa',
    categories: [], head: ['رئيس الديوان الملكي', 'Chief of the Royal Court'],
    masculine: true,
    mandate: ['إبلاغ الأوامر والمراسيم الملكية ومتابعة تنفيذها', 'issuing royal orders and decrees and following up their execution'],
    subsidiaries: [
      ['ديوان المظالم', 'Board of Grievances'],
      ['المراسم الملكية', 'Royal Protocol'],
    ],
  },
  {
    code: 'ARM', name: 'Riyadh Region Municipality', name_ar: 'أمانة منطقة الرياض', kind: 'municipality', city: 'riyadh', domain: 'alriyadh.gov.sa',
    categories: ['municipal'], weight: 2, head: ['أمين منطقة الرياض', 'Mayor of Riyadh'],
    mandate: ['تقديم الخدمات البلدية وتخطيط المدينة وتحسين المشهد الحضري في الرياض', 'municipal services, city planning and the urban landscape of Riyadh'],
    subsidiaries: [
      ['بلدية العليا', 'Al Olaya Municipality'],
      ['بلدية الملز', 'Al Malaz Municipality'],
      ['بلدية النسيم', 'Al Naseem Municipality'],
      ['بلدية الشميسي', 'Al Shumaisi Municipality'],
    ],
  },
  {
    code: 'JDM', name: 'Jeddah Municipality', name_ar: 'أمانة محافظة جدة', kind: 'municipality', city: 'jeddah', domain: 'jeddah.gov.sa',
    categories: ['municipal'], weight: 2, head: ['أمين محافظة جدة', 'Mayor of Jeddah'],
    mandate: ['تقديم الخدمات البلدية وتطوير الواجهة البحرية والأحياء في جدة', 'municipal services and the development of Jeddah’s waterfront and districts'],
    subsidiaries: [
      ['بلدية جدة التاريخية', 'Historic Jeddah Municipality'],
      ['بلدية أبحر', 'Obhur Municipality'],
      ['بلدية الروضة', 'Al Rawdah Municipality'],
    ],
  },
  {
    code: 'EPM', name: 'Eastern Province Municipality', name_ar: 'أمانة المنطقة الشرقية', kind: 'municipality', city: 'dammam', domain: 'eamana.gov.sa',
    categories: ['municipal'], head: ['أمين المنطقة الشرقية', 'Mayor of the Eastern Province'],
    mandate: ['تقديم الخدمات البلدية في حاضرة الدمام ومحافظات المنطقة الشرقية', 'municipal services in Dammam and the governorates of the Eastern Province'],
    subsidiaries: [
      ['بلدية الخبر', 'Khobar Municipality'],
      ['بلدية الظهران', 'Dhahran Municipality'],
      ['بلدية القطيف', 'Qatif Municipality'],
    ],
  },
  {
    code: 'HMM', name: 'Makkah Municipality', name_ar: 'أمانة العاصمة المقدسة', kind: 'municipality', city: 'makkah', domain: 'holymakkah.gov.sa',
    categories: ['municipal', 'hajj'], head: ['أمين العاصمة المقدسة', 'Mayor of Makkah'],
    mandate: ['تقديم الخدمات البلدية في العاصمة المقدسة وخدمة ضيوف الرحمن', 'municipal services in Makkah and for pilgrims'],
    subsidiaries: [
      ['بلدية العزيزية', 'Al Aziziyah Municipality'],
      ['بلدية المشاعر المقدسة', 'Holy Sites Municipality'],
    ],
  },
  {
    code: 'AMM', name: 'Madinah Region Municipality', name_ar: 'أمانة منطقة المدينة المنورة', kind: 'municipality', city: 'madinah', domain: 'amana-md.gov.sa',
    categories: ['municipal'], head: ['أمين منطقة المدينة المنورة', 'Mayor of Madinah'],
    mandate: ['تقديم الخدمات البلدية في المدينة المنورة والمحافظات التابعة لها', 'municipal services in Madinah and its governorates'],
    subsidiaries: [
      ['بلدية قباء', 'Quba Municipality'],
      ['بلدية العوالي', 'Al Awali Municipality'],
    ],
  },
  {
    code: 'ASM', name: 'Asir Region Municipality', name_ar: 'أمانة منطقة عسير', kind: 'municipality', city: 'abha', domain: 'aseer.gov.sa',
    categories: ['municipal', 'tourism'], head: ['أمين منطقة عسير', 'Mayor of Asir'], verified: false,
    mandate: ['تقديم الخدمات البلدية وتنمية الوجهات السياحية في منطقة عسير', 'municipal services and tourist destinations in the Asir Region'],
    subsidiaries: [
      ['بلدية خميس مشيط', 'Khamis Mushait Municipality'],
      ['بلدية السودة', 'Al Soudah Municipality'],
    ],
  },
  {
    code: 'QSM', name: 'Qassim Region Municipality', name_ar: 'أمانة منطقة القصيم', kind: 'municipality', city: 'buraidah', domain: 'qassim.gov.sa',
    categories: ['municipal', 'environment'], head: ['أمين منطقة القصيم', 'Mayor of Qassim'], verified: false,
    mandate: ['تقديم الخدمات البلدية في منطقة القصيم', 'municipal services in the Qassim Region'],
    subsidiaries: [
      ['بلدية عنيزة', 'Unaizah Municipality'],
      ['بلدية الرس', 'Al Rass Municipality'],
    ],
  },
  {
    code: 'KSU', name: 'King Saud University', name_ar: 'جامعة الملك سعود', kind: 'university', city: 'riyadh', domain: 'ksu.edu.sa',
    categories: ['education', 'health'],
    mandate: ['التعليم الجامعي والبحث العلمي وخدمة المجتمع', 'university education, research and community service'],
    subsidiaries: [
      ['كلية الطب', 'College of Medicine'],
      ['كلية الهندسة', 'College of Engineering'],
      ['عمادة القبول والتسجيل', 'Deanship of Admission and Registration'],
      ['المدينة الطبية الجامعية', 'King Saud University Medical City'],
    ],
  },
  {
    code: 'KAU', name: 'King Abdulaziz University', name_ar: 'جامعة الملك عبدالعزيز', kind: 'university', city: 'jeddah', domain: 'kau.edu.sa',
    categories: ['education'],
    mandate: ['التعليم الجامعي والبحث العلمي وخدمة المجتمع', 'university education, research and community service'],
    subsidiaries: [
      ['كلية علوم البحار', 'Faculty of Marine Sciences'],
      ['عمادة التعلم الإلكتروني والتعليم عن بعد', 'Deanship of E-Learning and Distance Education'],
      ['مستشفى جامعة الملك عبدالعزيز', 'King Abdulaziz University Hospital'],
    ],
  },
  {
    code: 'IAU', name: 'Imam Abdulrahman Bin Faisal University', name_ar: 'جامعة الإمام عبدالرحمن بن فيصل', kind: 'university', city: 'dammam', domain: 'iau.edu.sa',
    categories: ['education'], active: false,
    mandate: ['التعليم الجامعي والبحث العلمي وخدمة المجتمع', 'university education, research and community service'],
    subsidiaries: [
      ['كلية العمارة والتخطيط', 'College of Architecture and Planning'],
      ['عمادة الدراسات العليا', 'Deanship of Graduate Studies'],
    ],
  },
  {
    code: 'KKU', name: 'King Khalid University', name_ar: 'جامعة الملك خالد', kind: 'university', city: 'abha', domain: 'kku.edu.sa',
    categories: ['education'], verified: false, active: false,
    mandate: ['التعليم الجامعي والبحث العلمي وخدمة المجتمع', 'university education, research and community service'],
    subsidiaries: [
      ['كلية الشريعة وأصول الدين', 'College of Sharia and Fundamentals of Religion'],
      ['عمادة شؤون الطلاب', 'Deanship of Student Affairs'],
    ],
  },
];

/** Units most organizations have; each gets several. */
export const DEPARTMENTS: Pair[] = [
  ['الإدارة العامة للموارد البشرية', 'General Department of Human Resources'],
  ['الإدارة العامة للشؤون المالية', 'General Department of Financial Affairs'],
  ['الإدارة العامة لتقنية المعلومات', 'General Department of Information Technology'],
  ['الإدارة العامة للشؤون القانونية', 'General Department of Legal Affairs'],
  ['الإدارة العامة للاتصال المؤسسي', 'General Department of Corporate Communication'],
  ['إدارة المراجعة الداخلية', 'Internal Audit Department'],
  ['الإدارة العامة للتخطيط الاستراتيجي', 'General Department of Strategic Planning'],
  ['إدارة المشتريات والعقود', 'Procurement and Contracts Department'],
  ['إدارة تجربة المستفيد', 'Beneficiary Experience Department'],
  ['إدارة الأمن السيبراني', 'Cybersecurity Department'],
  ['مكتب تحقيق الرؤية', 'Vision Realization Office'],
  ['إدارة الالتزام', 'Compliance Department'],
  ['إدارة البيانات والإحصاء', 'Data and Statistics Department'],
  ['إدارة المشاريع', 'Project Management Office'],
];
