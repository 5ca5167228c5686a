/**
 * Post types, categories (with subcategories, the subjects posts are about and the laws of each
 * field) and hashtags of the demo content. Topics are noun phrases that read after "بشأن" /
 * "on"; {placeholders} are filled per post (see content.ts).
 */

export type TypeKey =
  | 'decision' | 'circular' | 'announcement' | 'statement' | 'law' | 'decree' | 'order' | 'directive' | 'regulation';

export interface PostTypeDef {
  key: TypeKey;
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
}

/** The nine post types of spec §9, in its order. */
export const POST_TYPES: PostTypeDef[] = [
  {
    key: 'decision', name: 'decision', name_ar: 'قرار',
    description: 'Binding decisions an organization issues within its powers, such as ministerial and board decisions.',
    description_ar: 'القرارات الملزمة التي تصدرها الجهات في حدود اختصاصاتها، كالقرارات الوزارية وقرارات مجالس الإدارات.',
  },
  {
    key: 'circular', name: 'circular', name_ar: 'تعميم',
    description: 'Circulars addressed to the bodies concerned to explain procedures, deadlines or instructions.',
    description_ar: 'التعاميم الموجهة إلى الجهات المعنية لتوضيح الإجراءات أو المواعيد أو التعليمات الواجب اتباعها.',
  },
  {
    key: 'announcement', name: 'announcement', name_ar: 'إعلان',
    description: 'Public announcements: new services, dates, vacancies, tenders and events.',
    description_ar: 'الإعلانات العامة عن الخدمات الجديدة والمواعيد والوظائف والمنافسات والفعاليات.',
  },
  {
    key: 'statement', name: 'statement', name_ar: 'بيان',
    description: 'Official statements and press releases setting out an organization’s position or news.',
    description_ar: 'البيانات الرسمية والبيانات الصحفية التي توضح موقف الجهة أو أخبارها.',
  },
  {
    key: 'law', name: 'law', name_ar: 'قانون',
    description: 'Laws and statutes, new or amended, and the texts that promulgate them.',
    description_ar: 'القوانين والأنظمة الصادرة أو المعدّلة والنصوص الصادرة بإقرارها.',
  },
  {
    key: 'decree', name: 'decree', name_ar: 'مرسوم',
    description: 'Royal decrees approving laws, treaties and appointments.',
    description_ar: 'المراسيم الملكية الصادرة بالموافقة على الأنظمة والاتفاقيات والتعيينات.',
  },
  {
    key: 'order', name: 'order', name_ar: 'أمر',
    description: 'Royal, high and administrative orders issued by the competent authority.',
    description_ar: 'الأوامر الملكية والسامية والإدارية الصادرة من السلطة المختصة.',
  },
  {
    key: 'directive', name: 'directive', name_ar: 'توجيه',
    description: 'Directives and guidance from an organization’s leadership to its units and to the public.',
    description_ar: 'التوجيهات والإرشادات الصادرة من قيادات الجهات إلى وحداتها وإلى عموم المستفيدين.',
  },
  {
    key: 'regulation', name: 'regulation', name_ar: 'لائحة',
    description: 'Implementing regulations, rules and bylaws that put laws into effect.',
    description_ar: 'اللوائح التنفيذية والقواعد والضوابط المنظِّمة لتطبيق الأنظمة.',
  },
];

export type Pair = readonly [ar: string, en: string];

export interface SubcategoryDef {
  slug: string;
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  topics: Pair[];
}

export interface CategoryDef {
  slug: string;
  name: string;
  name_ar: string;
  description: string;
  description_ar: string;
  /** Laws of the field, for law, decree and regulation posts. */
  laws: Pair[];
  /**
   * Why a post matters: a sentence each, {org_ar}/{org} filled in. {ta} is the present-tense
   * prefix that agrees with the organization's gender (تدعو الوزارة, يدعو البنك).
   */
  context: Pair[];
  /** Tags used in this field's posts, Arabic first, then English. */
  hashtags: string[];
  subcategories: SubcategoryDef[];
}

const sub = (slug: string, name_ar: string, name: string, topics: Pair[]): SubcategoryDef => ({
  slug,
  name,
  name_ar,
  description: `Posts on ${name.toLowerCase()}.`,
  description_ar: `المنشورات المتعلقة ب${name_ar}.`,
  topics,
});

export const CATEGORIES: CategoryDef[] = [
  {
    slug: 'education', name: 'Education', name_ar: 'التعليم',
    description: 'Decisions, circulars and announcements on general and higher education, scholarships and training.',
    description_ar: 'القرارات والتعاميم والإعلانات الخاصة بالتعليم العام والجامعي والابتعاث والتدريب.',
    laws: [['نظام الجامعات', 'the Universities Law'], ['نظام التعليم العام', 'the General Education Law']],
    context: [
      ['ويأتي ذلك في إطار حرص {org_ar} على تحسين نواتج التعلم ورفع كفاءة المنظومة التعليمية، بما يتسق مع مستهدفات برنامج تنمية القدرات البشرية.',
        'This is part of {org}’s effort to improve learning outcomes and the efficiency of the education system, in line with the Human Capability Development Program.'],
      ['وتهدف هذه الخطوة إلى تهيئة بيئة تعليمية محفزة تراعي احتياجات الطلاب والطالبات وأولياء الأمور.',
        'The step aims to provide a motivating learning environment that meets the needs of students and parents.'],
    ],
    hashtags: ['التعليم', 'العودة_للمدارس', 'الابتعاث', 'الجامعات', 'مدرستي', 'Education'],
    subcategories: [
      sub('general-education', 'التعليم العام', 'General Education', [
        ['اعتماد التقويم الدراسي للعام الدراسي {hyear}هـ', 'approving the academic calendar for the {hyear} AH school year'],
        ['ضوابط الاختبارات النهائية لطلاب المرحلتين المتوسطة والثانوية', 'rules for final examinations in intermediate and secondary schools'],
        ['تحديث الخطط الدراسية للمرحلة الابتدائية', 'updating the primary-school study plans'],
        ['تنظيم الدوام المدرسي خلال شهر رمضان المبارك', 'school hours during the holy month of Ramadan'],
      ]),
      sub('higher-education', 'التعليم الجامعي', 'Higher Education', [
        ['مواعيد القبول الموحد في الجامعات الحكومية للعام الجامعي {hyear}هـ', 'unified admission dates for public universities for the {hyear} AH academic year'],
        ['اعتماد برامج جديدة للدراسات العليا', 'approving new postgraduate programmes'],
        ['معايير الاعتماد الأكاديمي للبرامج الجامعية', 'academic accreditation standards for university programmes'],
      ]),
      sub('scholarships', 'الابتعاث والمنح', 'Scholarships', [
        ['فتح باب التقديم على برنامج خادم الحرمين الشريفين للابتعاث', 'opening applications to the Custodian of the Two Holy Mosques Scholarship Program'],
        ['تحديث قواعد الإيفاد للدراسة في الخارج', 'updating the rules for studying abroad on scholarship'],
      ]),
      sub('vocational-training', 'التدريب التقني والمهني', 'Technical and Vocational Training', [
        ['إطلاق برامج الدبلوم التدريبي في الكليات التقنية بمنطقة {region_ar}', 'launching training diploma programmes at technical colleges in the {region} Region'],
        ['تنظيم التدريب التعاوني لمتدربي الكليات التقنية', 'cooperative training for technical-college trainees'],
      ]),
    ],
  },
  {
    slug: 'health', name: 'Health', name_ar: 'الصحة',
    description: 'Public health, hospitals and health services, medicines and health insurance.',
    description_ar: 'الصحة العامة والمستشفيات والخدمات الصحية والأدوية والتأمين الصحي.',
    laws: [['نظام مزاولة المهن الصحية', 'the Health Professions Practice Law'], ['نظام الضمان الصحي التعاوني', 'the Cooperative Health Insurance Law']],
    context: [
      ['ويأتي ذلك ضمن جهود {org_ar} لتعزيز الصحة العامة وتحسين جودة الخدمات الصحية وسهولة الوصول إليها.',
        'This is part of {org}’s work to promote public health and to make health services better and easier to reach.'],
      ['و{ta}دعو {org_ar} الجميع إلى الالتزام بالإرشادات الصحية واستقاء المعلومات من مصادرها الرسمية.',
        '{org} urges everyone to follow the health guidance and to rely on official sources for information.'],
    ],
    hashtags: ['الصحة', 'الصحة_العامة', 'اللقاحات', 'صحتي', 'الغذاء_والدواء', 'COVID19', 'Health'],
    subcategories: [
      sub('public-health', 'الصحة العامة', 'Public Health', [
        ['إطلاق حملة التطعيم ضد الإنفلونزا الموسمية', 'launching the seasonal influenza vaccination campaign'],
        ['الاشتراطات الصحية للتجمعات والفعاليات العامة', 'health requirements for public gatherings and events'],
        ['الإجراءات الوقائية من الأمراض المعدية في المدارس', 'measures to prevent communicable diseases in schools'],
      ]),
      sub('hospitals', 'المستشفيات والخدمات الصحية', 'Hospitals and Health Services', [
        ['تشغيل مستشفى جديد بسعة {beds} سرير في {city_ar}', 'opening a new {beds}-bed hospital in {city}'],
        ['تمديد ساعات عمل مراكز الرعاية الصحية الأولية', 'extending the opening hours of primary health care centres'],
        ['حجز مواعيد العيادات الخارجية عبر تطبيق صحتي', 'booking outpatient appointments through the Sehhaty app'],
      ]),
      sub('medicines', 'الأدوية والأجهزة الطبية', 'Medicines and Medical Devices', [
        ['سحب تشغيلات من مستحضر دوائي من الأسواق', 'recalling batches of a medicinal product from the market'],
        ['متطلبات تسجيل الأجهزة والمستلزمات الطبية', 'requirements for registering medical devices and supplies'],
      ]),
      sub('health-insurance', 'التأمين الصحي', 'Health Insurance', [
        ['تحديث وثيقة الضمان الصحي الموحدة', 'updating the unified health insurance policy'],
        ['ضوابط التأمين الصحي على العمالة المنزلية', 'health insurance rules for domestic workers'],
      ]),
    ],
  },
  {
    slug: 'economy', name: 'Economy and Investment', name_ar: 'الاقتصاد والاستثمار',
    description: 'Investment, trade, small and medium enterprises, and economic statistics.',
    description_ar: 'الاستثمار والتجارة والمنشآت الصغيرة والمتوسطة والإحصاءات الاقتصادية.',
    laws: [['نظام الاستثمار', 'the Investment Law'], ['نظام الشركات', 'the Companies Law'], ['نظام التجارة الإلكترونية', 'the E-Commerce Law']],
    context: [
      ['ويسهم ذلك في تحسين بيئة الأعمال وتعزيز جاذبية الاقتصاد الوطني للاستثمارات المحلية والأجنبية.',
        'This improves the business environment and makes the national economy more attractive to local and foreign investment.'],
      ['و{ta}عمل {org_ar} على تنويع مصادر الدخل ورفع مساهمة القطاع الخاص في الناتج المحلي الإجمالي.',
        '{org} is working to diversify sources of income and raise the private sector’s share of GDP.'],
    ],
    hashtags: ['الاقتصاد', 'الاستثمار', 'ريادة_الأعمال', 'المنشآت_الصغيرة', 'حماية_المستهلك', 'Investment', 'SMEs'],
    subcategories: [
      sub('investment', 'الاستثمار', 'Investment', [
        ['تسهيل إجراءات الترخيص للمستثمرين الأجانب', 'simplifying licensing procedures for foreign investors'],
        ['حوافز المقرات الإقليمية للشركات العالمية', 'incentives for the regional headquarters of global companies'],
      ]),
      sub('trade', 'التجارة', 'Trade', [
        ['تنظيم التخفيضات الموسمية في المحلات التجارية', 'seasonal sales in retail shops'],
        ['تحديث اشتراطات السجل التجاري', 'updating commercial registration requirements'],
        ['حماية المستهلك في التجارة الإلكترونية', 'consumer protection in e-commerce'],
      ]),
      sub('smes', 'المنشآت الصغيرة والمتوسطة', 'Small and Medium Enterprises', [
        ['برنامج ضمان تمويل المنشآت الصغيرة والمتوسطة', 'the SME financing guarantee programme'],
        ['إطلاق مسرّعة أعمال للشركات الناشئة في {city_ar}', 'launching a start-up accelerator in {city}'],
      ]),
      sub('statistics', 'الإحصاءات والمؤشرات', 'Statistics and Indicators', [
        ['نتائج مسح القوى العاملة للربع {quarter_ar} من عام {quarter_year}', 'the labour force survey results for the {quarter} quarter of {quarter_year}'],
        ['الرقم القياسي لأسعار المستهلك لشهر {month_ar} {month_year}', 'the consumer price index for {month} {month_year}'],
      ]),
    ],
  },
  {
    slug: 'finance', name: 'Finance, Zakat and Tax', name_ar: 'المالية والزكاة والضرائب',
    description: 'Zakat and taxes, customs, the public budget, banking and payments.',
    description_ar: 'الزكاة والضرائب والجمارك والميزانية العامة والقطاع المصرفي والمدفوعات.',
    laws: [['نظام ضريبة القيمة المضافة', 'the Value Added Tax Law'], ['نظام الجمارك الموحد', 'the Unified Customs Law'], ['نظام المدفوعات وخدماتها', 'the Payments and Payment Services Law']],
    context: [
      ['ويأتي ذلك في إطار تعزيز الاستدامة المالية ورفع كفاءة الإنفاق وتحسين تجربة المكلفين.',
        'This supports fiscal sustainability, more efficient spending and a better experience for taxpayers.'],
      ['و{ta}ؤكد {org_ar} أهمية الالتزام بالمواعيد النظامية تجنبًا للغرامات.',
        '{org} stresses the importance of meeting the statutory deadlines to avoid penalties.'],
    ],
    hashtags: ['الزكاة', 'ضريبة_القيمة_المضافة', 'الفوترة_الإلكترونية', 'الجمارك', 'الميزانية', 'Fintech'],
    subcategories: [
      sub('taxation', 'الزكاة والضرائب', 'Zakat and Taxes', [
        ['مواعيد تقديم الإقرارات الزكوية والضريبية لعام {year}', 'deadlines for zakat and tax returns for {year}'],
        ['تطبيق مرحلة جديدة من الفوترة الإلكترونية', 'a new phase of e-invoicing'],
        ['الإعفاء من الغرامات والعقوبات المالية', 'waiving fines and financial penalties'],
      ]),
      sub('customs', 'الجمارك', 'Customs', [
        ['تحديث التعرفة الجمركية لعدد من السلع', 'updating customs tariffs on a number of goods'],
        ['تسهيل إجراءات الفسح الجمركي في المنافذ', 'faster customs clearance at border crossings'],
      ]),
      sub('budget', 'الميزانية العامة', 'Public Budget', [
        ['الميزانية العامة للدولة للعام المالي {year}', 'the state budget for fiscal year {year}'],
        ['تقرير أداء الميزانية للربع {quarter_ar} من عام {quarter_year}', 'the budget performance report for the {quarter} quarter of {quarter_year}'],
      ]),
      sub('banking', 'القطاع المصرفي والمدفوعات', 'Banking and Payments', [
        ['تنظيم خدمات المدفوعات الرقمية', 'regulating digital payment services'],
        ['قواعد حماية عملاء المصارف', 'rules protecting bank customers'],
      ]),
    ],
  },
  {
    slug: 'transport', name: 'Transport', name_ar: 'النقل',
    description: 'Roads, civil aviation, public transport and logistics.',
    description_ar: 'الطرق والطيران المدني والنقل العام والخدمات اللوجستية.',
    laws: [['نظام المرور', 'the Traffic Law'], ['نظام الطيران المدني', 'the Civil Aviation Law'], ['نظام النقل العام على الطرق', 'the Public Road Transport Law']],
    context: [
      ['ويهدف ذلك إلى رفع مستوى السلامة على الطرق وتحسين جودة خدمات النقل للمواطنين والمقيمين والزوار.',
        'The aim is safer roads and better transport services for citizens, residents and visitors.'],
      ['ويأتي ذلك ضمن مستهدفات الاستراتيجية الوطنية للنقل والخدمات اللوجستية.',
        'This serves the targets of the National Transport and Logistics Strategy.'],
    ],
    hashtags: ['النقل', 'السلامة_المرورية', 'مترو_الرياض', 'الطيران_المدني', 'اللوجستيات', 'RiyadhMetro'],
    subcategories: [
      sub('roads', 'الطرق', 'Roads', [
        ['أعمال الصيانة على الطريق السريع بين {city_ar} و{city2_ar}', 'maintenance works on the highway between {city} and {city2}'],
        ['تطبيق الحد الأقصى الجديد للسرعة على الطرق السريعة', 'the new maximum speed on highways'],
      ]),
      sub('aviation', 'الطيران المدني', 'Civil Aviation', [
        ['تحديث لائحة حماية حقوق المسافرين', 'updating the air passenger rights regulation'],
        ['تشغيل رحلات دولية جديدة من مطار {city_ar}', 'new international flights from {city} airport'],
      ]),
      sub('public-transport', 'النقل العام', 'Public Transport', [
        ['تشغيل مسارات جديدة لحافلات النقل العام في {city_ar}', 'new public bus routes in {city}'],
        ['مواعيد تشغيل قطار الرياض خلال الإجازات', 'Riyadh Metro operating hours during holidays'],
      ]),
      sub('logistics', 'الخدمات اللوجستية', 'Logistics', [
        ['تنظيم نشاط توصيل الطلبات عبر التطبيقات', 'regulating app-based delivery services'],
        ['ترخيص مراكز لوجستية جديدة', 'licensing new logistics centres'],
      ]),
    ],
  },
  {
    slug: 'labor', name: 'Labour and Social Development', name_ar: 'العمل والتنمية الاجتماعية',
    description: 'The labour market, localisation, social support and social insurance.',
    description_ar: 'سوق العمل والتوطين والدعم الاجتماعي والتأمينات الاجتماعية.',
    laws: [['نظام العمل', 'the Labour Law'], ['نظام التأمينات الاجتماعية', 'the Social Insurance Law'], ['نظام الضمان الاجتماعي', 'the Social Security Law']],
    context: [
      ['ويأتي ذلك في إطار تنظيم سوق العمل ورفع مشاركة المواطنين والمواطنات فيه وتحسين بيئة العمل.',
        'This helps organise the labour market, raise the participation of Saudi men and women in it and improve working conditions.'],
      ['و{ta}حرص {org_ar} على حماية حقوق طرفي العلاقة التعاقدية وتعزيز الاستقرار الوظيفي.',
        '{org} is committed to protecting the rights of both parties to employment contracts and to job stability.'],
    ],
    hashtags: ['سوق_العمل', 'التوطين', 'الضمان_الاجتماعي', 'التأمينات', 'Jobs'],
    subcategories: [
      sub('employment', 'التوظيف وسوق العمل', 'Employment and the Labour Market', [
        ['عقود العمل المرنة', 'flexible employment contracts'],
        ['ساعات العمل في القطاع الخاص خلال شهر رمضان', 'private-sector working hours during Ramadan'],
      ]),
      sub('saudization', 'التوطين', 'Localisation', [
        ['توطين المهن في قطاع {sector_ar} بنسبة {pct}%', 'localising jobs in the {sector} sector at {pct}%'],
        ['تحديث برنامج نطاقات المطوّر', 'updating the enhanced Nitaqat programme'],
      ]),
      sub('social-support', 'الدعم الاجتماعي', 'Social Support', [
        ['صرف دفعة الضمان الاجتماعي المطوّر لشهر {month_ar} {month_year}', 'the enhanced social security payment for {month} {month_year}'],
        ['برامج تمكين الأشخاص ذوي الإعاقة', 'programmes empowering persons with disabilities'],
      ]),
      sub('social-insurance', 'التأمينات الاجتماعية', 'Social Insurance', [
        ['تعديل أحكام التأمينات الاجتماعية للمشتركين الجدد', 'amending social insurance rules for new contributors'],
        ['آلية احتساب المعاش التقاعدي', 'how retirement pensions are calculated'],
      ]),
    ],
  },
  {
    slug: 'municipal', name: 'Municipal Affairs and Housing', name_ar: 'الشؤون البلدية والإسكان',
    description: 'Housing, urban planning, municipal licences and municipal services.',
    description_ar: 'الإسكان والتخطيط العمراني والرخص البلدية والخدمات البلدية.',
    laws: [['نظام التسجيل العيني للعقار', 'the Real Estate Registration Law'], ['نظام رسوم الأراضي البيضاء', 'the White Land Fees Law']],
    context: [
      ['ويأتي ذلك ضمن جهود {org_ar} للارتقاء بالمشهد الحضري وتحسين جودة الحياة في المدن.',
        'This is part of {org}’s work to improve the urban landscape and the quality of life in cities.'],
      ['و{ta}هيب {org_ar} بالجميع التعاون والإبلاغ عن الملاحظات عبر تطبيق بلدي أو الرقم 940.',
        '{org} asks everyone to cooperate and to report issues through the Balady app or on 940.'],
    ],
    hashtags: ['الإسكان', 'سكني', 'بلدي', 'جودة_الحياة', 'Housing'],
    subcategories: [
      sub('housing', 'الإسكان', 'Housing', [
        ['مشروعات سكنية جديدة ضمن برنامج سكني في {city_ar}', 'new residential projects under the Sakani programme in {city}'],
        ['توثيق عقود الإيجار عبر منصة إيجار', 'registering rental contracts on the Ejar platform'],
      ]),
      sub('urban-planning', 'التخطيط العمراني', 'Urban Planning', [
        ['اعتماد المخطط العمراني لحي جديد في {city_ar}', 'approving the urban plan of a new district in {city}'],
        ['اشتراطات البناء على الشوارع التجارية', 'building requirements on commercial streets'],
      ]),
      sub('licenses', 'الرخص البلدية', 'Municipal Licences', [
        ['إصدار رخص البناء إلكترونيًا عبر منصة بلدي', 'issuing building permits online through the Balady platform'],
        ['اشتراطات الأنشطة التجارية في الأحياء السكنية', 'requirements for commercial activities in residential districts'],
      ]),
      sub('public-services', 'الخدمات البلدية', 'Municipal Services', [
        ['خطة النظافة ودرء مخاطر السيول خلال موسم الأمطار', 'the cleaning and flood-prevention plan for the rainy season'],
        ['افتتاح حدائق ومتنزهات عامة جديدة في {city_ar}', 'opening new public parks in {city}'],
      ]),
    ],
  },
  {
    slug: 'environment', name: 'Environment, Water and Agriculture', name_ar: 'البيئة والمياه والزراعة',
    description: 'Water, agriculture, environmental protection, weather and climate.',
    description_ar: 'المياه والزراعة وحماية البيئة والطقس والمناخ.',
    laws: [['نظام البيئة', 'the Environment Law'], ['نظام المياه', 'the Water Law']],
    context: [
      ['ويأتي ذلك دعمًا لمستهدفات مبادرة السعودية الخضراء في حماية البيئة وتنمية الغطاء النباتي.',
        'This supports the Saudi Green Initiative’s targets for protecting the environment and expanding vegetation cover.'],
      ['و{ta}دعو {org_ar} إلى ترشيد استهلاك الموارد الطبيعية والمحافظة عليها للأجيال القادمة.',
        '{org} calls for the careful use of natural resources and for preserving them for future generations.'],
    ],
    hashtags: ['السعودية_الخضراء', 'الاستدامة', 'ترشيد_المياه', 'الطقس', 'الأرصاد', 'التشجير', 'GreenSaudi', 'Sustainability'],
    subcategories: [
      sub('water', 'المياه', 'Water', [
        ['ترشيد استهلاك المياه في المباني الحكومية', 'reducing water use in government buildings'],
        ['تشغيل محطة تحلية جديدة في {city_ar}', 'a new desalination plant in {city}'],
      ]),
      sub('agriculture', 'الزراعة', 'Agriculture', [
        ['دعم صغار المزارعين ومربي الماشية', 'support for small farmers and livestock breeders'],
        ['الإيقاف المؤقت لاستيراد بعض المنتجات الزراعية', 'a temporary halt on importing certain agricultural products'],
      ]),
      sub('environment-protection', 'حماية البيئة', 'Environmental Protection', [
        ['حظر الاحتطاب والاتجار بالحطب المحلي', 'the ban on cutting and trading local firewood'],
        ['مبادرة زراعة {trees_ar} شجرة في منطقة {region_ar}', 'an initiative to plant {trees} trees in the {region} Region'],
      ]),
      sub('weather', 'الطقس والأرصاد', 'Weather', [
        ['هطول أمطار غزيرة متوقعة على منطقة {region_ar}', 'heavy rain expected over the {region} Region'],
        ['توقعات الطقس لفصل {season_ar}', 'the weather outlook for {season}'],
      ]),
    ],
  },
  {
    slug: 'energy', name: 'Energy and Industry', name_ar: 'الطاقة والصناعة',
    description: 'Electricity, renewable energy, industry and mining.',
    description_ar: 'الكهرباء والطاقة المتجددة والصناعة والتعدين.',
    laws: [['نظام الكهرباء', 'the Electricity Law'], ['نظام الاستثمار التعديني', 'the Mining Investment Law']],
    context: [
      ['ويأتي ذلك في إطار تنويع مزيج الطاقة ورفع كفاءة استهلاكها وتعزيز المحتوى المحلي.',
        'This serves a more diverse energy mix, more efficient energy use and more local content.'],
      ['و{ta}سعى {org_ar} إلى جعل المملكة مركزًا صناعيًا ولوجستيًا عالميًا.',
        '{org} aims to make the Kingdom a global industrial and logistics hub.'],
    ],
    hashtags: ['الطاقة', 'الطاقة_المتجددة', 'الصناعة', 'التعدين', 'Energy', 'Mining'],
    subcategories: [
      sub('electricity', 'الكهرباء', 'Electricity', [
        ['تعديل تعرفة استهلاك الكهرباء للقطاع السكني', 'adjusting residential electricity tariffs'],
        ['خطة صيانة شبكة الكهرباء في {city_ar}', 'the electricity network maintenance plan in {city}'],
      ]),
      sub('renewable-energy', 'الطاقة المتجددة', 'Renewable Energy', [
        ['طرح مشروعات طاقة شمسية جديدة بقدرة {mw} ميجاواط', 'tendering new solar projects with {mw} MW of capacity'],
        ['برنامج كفاءة الطاقة في المباني', 'the energy efficiency programme for buildings'],
      ]),
      sub('industry', 'الصناعة', 'Industry', [
        ['إصدار تراخيص صناعية جديدة', 'new industrial licences'],
        ['حوافز توطين الصناعات الدوائية', 'incentives to localise pharmaceutical manufacturing'],
      ]),
      sub('mining', 'التعدين', 'Mining', [
        ['طرح مواقع تعدينية للمنافسة', 'offering mining sites for competitive bidding'],
        ['تنظيم رخص الكشف التعديني', 'regulating mineral exploration licences'],
      ]),
    ],
  },
  {
    slug: 'technology', name: 'Technology and Communications', name_ar: 'التقنية والاتصالات',
    description: 'Digital government, cybersecurity, data and AI, and telecommunications.',
    description_ar: 'الحكومة الرقمية والأمن السيبراني والبيانات والذكاء الاصطناعي والاتصالات.',
    laws: [['نظام حماية البيانات الشخصية', 'the Personal Data Protection Law'], ['نظام الاتصالات وتقنية المعلومات', 'the Telecommunications and Information Technology Law'], ['نظام مكافحة الجرائم المعلوماتية', 'the Anti-Cyber Crime Law']],
    context: [
      ['ويأتي ذلك ضمن مسيرة التحول الرقمي وتيسير وصول المستفيدين إلى الخدمات الحكومية إلكترونيًا.',
        'This is part of the digital transformation that brings government services online for everyone.'],
      ['و{ta}ؤكد {org_ar} أهمية رفع الوعي بحماية البيانات والتعامل الآمن مع الخدمات الرقمية.',
        '{org} stresses the importance of awareness about data protection and safe use of digital services.'],
    ],
    hashtags: ['التحول_الرقمي', 'الحكومة_الرقمية', 'الأمن_السيبراني', 'الذكاء_الاصطناعي', 'أبشر', 'نفاذ', 'AI', 'Cybersecurity', 'DigitalGovernment', 'OpenData'],
    subcategories: [
      sub('digital-government', 'الحكومة الرقمية', 'Digital Government', [
        ['خدمات إلكترونية جديدة عبر منصة أبشر', 'new e-services on the Absher platform'],
        ['الدخول إلى الخدمات الحكومية عبر النفاذ الوطني الموحد', 'signing in to government services through Nafath, the national single sign-on'],
      ]),
      sub('cybersecurity', 'الأمن السيبراني', 'Cybersecurity', [
        ['الضوابط الأساسية للأمن السيبراني للجهات الحكومية', 'essential cybersecurity controls for government bodies'],
        ['التحذير من رسائل الاحتيال الإلكتروني', 'a warning about phishing messages'],
      ]),
      sub('ai-data', 'البيانات والذكاء الاصطناعي', 'Data and AI', [
        ['مبادئ أخلاقيات الذكاء الاصطناعي', 'principles of AI ethics'],
        ['إتاحة مجموعات بيانات جديدة عبر منصة البيانات المفتوحة', 'new data sets on the open data platform'],
      ]),
      sub('telecom', 'الاتصالات', 'Telecommunications', [
        ['توسعة تغطية شبكات الجيل الخامس في {city_ar}', 'extending 5G coverage in {city}'],
        ['حقوق مستخدمي خدمات الاتصالات', 'the rights of telecom users'],
      ]),
    ],
  },
  {
    slug: 'justice', name: 'Justice and Legislation', name_ar: 'العدل والتشريعات',
    description: 'Courts, legislation, notarisation, integrity and anti-corruption.',
    description_ar: 'المحاكم والتشريعات والتوثيق والنزاهة ومكافحة الفساد.',
    laws: [['نظام المعاملات المدنية', 'the Civil Transactions Law'], ['نظام الإثبات', 'the Law of Evidence'], ['نظام الأحوال الشخصية', 'the Personal Status Law']],
    context: [
      ['ويأتي ذلك ضمن منظومة التشريعات المتخصصة التي تعزز مبادئ العدالة والشفافية وحماية الحقوق.',
        'This belongs to the specialised legislation that strengthens justice, transparency and the protection of rights.'],
      ['وتهدف هذه الخطوة إلى رفع كفاءة الإجراءات العدلية وتقليص مدد التقاضي.',
        'The step aims to make judicial procedures more efficient and to shorten litigation.'],
    ],
    hashtags: ['العدل', 'ناجز', 'نزاهة', 'التشريعات'],
    subcategories: [
      sub('courts', 'المحاكم', 'Courts', [
        ['الجلسات القضائية عن بُعد', 'remote court hearings'],
        ['افتتاح دوائر قضائية جديدة في {city_ar}', 'new court circuits in {city}'],
      ]),
      sub('legislation', 'التشريعات', 'Legislation', [
        ['طرح مشروع نظام جديد على منصة استطلاع', 'publishing a draft law for public consultation on the Istitlaa platform'],
        ['مراجعة الأنظمة واللوائح النافذة', 'reviewing the laws and regulations in force'],
      ]),
      sub('notarization', 'التوثيق', 'Notarisation', [
        ['توثيق العقود إلكترونيًا عبر منصة ناجز', 'notarising contracts online through the Najiz platform'],
        ['ترخيص الموثقين في القطاع الخاص', 'licensing private-sector notaries'],
      ]),
      sub('anti-corruption', 'النزاهة ومكافحة الفساد', 'Integrity and Anti-Corruption', [
        ['قضايا الفساد التي باشرتها الهيئة خلال شهر {month_ar}', 'corruption cases handled in {month}'],
        ['قواعد تعارض المصالح في الوظيفة العامة', 'conflict-of-interest rules in public service'],
      ]),
    ],
  },
  {
    slug: 'security', name: 'Security and Safety', name_ar: 'الأمن والسلامة',
    description: 'Civil defence, traffic, passports and residency, and emergencies.',
    description_ar: 'الدفاع المدني والمرور والجوازات والإقامة والطوارئ.',
    laws: [['نظام الدفاع المدني', 'the Civil Defence Law'], ['نظام الإقامة المميزة', 'the Premium Residency Law']],
    context: [
      ['وتهيب الجهات المختصة بالجميع الالتزام بالتعليمات حفاظًا على سلامتهم وسلامة الآخرين.',
        'The authorities urge everyone to follow the instructions for their own safety and that of others.'],
      ['ويأتي ذلك ضمن جهود تعزيز الأمن والسلامة العامة ورفع الجاهزية.',
        'This is part of the work to strengthen public security and safety and readiness.'],
    ],
    hashtags: ['الدفاع_المدني', 'السلامة', 'المرور', 'الجوازات'],
    subcategories: [
      sub('civil-defense', 'الدفاع المدني', 'Civil Defence', [
        ['اشتراطات السلامة في المنشآت التجارية', 'safety requirements for commercial premises'],
        ['التحذير من السيول وعبور الأودية', 'a warning against floods and crossing valleys'],
      ]),
      sub('traffic', 'المرور', 'Traffic', [
        ['الرصد الآلي لمخالفة استخدام الجوال أثناء القيادة', 'automated detection of phone use while driving'],
        ['تخفيض المخالفات المرورية المتراكمة', 'reductions on accumulated traffic fines'],
      ]),
      sub('residency', 'الجوازات والإقامة', 'Passports and Residency', [
        ['تمديد تأشيرات الخروج والعودة', 'extending exit and re-entry visas'],
        ['إصدار الإقامة المميزة', 'issuing Premium Residency'],
      ]),
      sub('emergencies', 'الطوارئ', 'Emergencies', [
        ['رفع الجاهزية لموسم الأمطار', 'readiness for the rainy season'],
        ['تفعيل الرقم الموحد للطوارئ 911 في منطقة {region_ar}', 'the unified emergency number 911 in the {region} Region'],
      ]),
    ],
  },
  {
    slug: 'tourism', name: 'Tourism, Culture and Entertainment', name_ar: 'السياحة والثقافة والترفيه',
    description: 'Tourism, culture and heritage, entertainment and events.',
    description_ar: 'السياحة والثقافة والتراث والترفيه والفعاليات.',
    laws: [['نظام السياحة', 'the Tourism Law'], ['نظام الآثار والمتاحف والتراث العمراني', 'the Antiquities, Museums and Urban Heritage Law']],
    context: [
      ['ويأتي ذلك ضمن جهود تنمية قطاعي السياحة والثقافة وإبراز الموروث الوطني وتحسين جودة الحياة.',
        'This helps grow tourism and culture, showcase the national heritage and improve the quality of life.'],
      ['و{ta}دعو {org_ar} الزوار إلى الاطلاع على التفاصيل والحجز عبر القنوات الرسمية.',
        '{org} invites visitors to check the details and book through the official channels.'],
    ],
    hashtags: ['السياحة', 'روح_السعودية', 'موسم_الرياض', 'الثقافة', 'الترفيه', 'Tourism', 'VisitSaudi'],
    subcategories: [
      sub('tourism-services', 'السياحة', 'Tourism', [
        ['التأشيرة السياحية الإلكترونية لمواطني دول إضافية', 'the tourist e-visa for citizens of more countries'],
        ['ترخيص مرافق الضيافة السياحية', 'licensing tourist accommodation'],
      ]),
      sub('culture', 'الثقافة والتراث', 'Culture and Heritage', [
        ['تسجيل مواقع جديدة في السجل الوطني للتراث العمراني', 'registering new sites in the national urban heritage register'],
        ['معرض {city_ar} الدولي للكتاب', 'the {city} International Book Fair'],
      ]),
      sub('entertainment', 'الترفيه', 'Entertainment', [
        ['تراخيص الفعاليات الترفيهية', 'licences for entertainment events'],
        ['انطلاق فعاليات موسم الرياض', 'the opening of Riyadh Season'],
      ]),
      sub('events', 'الفعاليات والمؤتمرات', 'Events and Conferences', [
        ['استضافة مؤتمر دولي في {city_ar}', 'hosting an international conference in {city}'],
        ['فعاليات اليوم الوطني {national_day}', 'the {national_day_en} National Day celebrations'],
      ]),
    ],
  },
  {
    slug: 'sports', name: 'Sport and Youth', name_ar: 'الرياضة والشباب',
    description: 'Sports federations and clubs, community sport and youth programmes.',
    description_ar: 'الاتحادات والأندية الرياضية والرياضة المجتمعية وبرامج الشباب.',
    laws: [['نظام الرياضة', 'the Sports Law']],
    context: [
      ['ويأتي ذلك ضمن جهود رفع نسبة ممارسة النشاط البدني في المجتمع وتمكين الشباب.',
        'This is part of the effort to get more people active and to empower young people.'],
    ],
    hashtags: ['الرياضة', 'الدوري_السعودي', 'جودة_الحياة', 'Sport'],
    subcategories: [
      sub('sports-federations', 'الاتحادات الرياضية', 'Sports Federations', [
        ['اعتماد الأنظمة الأساسية للاتحادات الرياضية', 'approving the statutes of sports federations'],
        ['دعم الأندية الرياضية للموسم الرياضي {year}', 'support for sports clubs for the {year} season'],
      ]),
      sub('community-sports', 'الرياضة المجتمعية', 'Community Sport', [
        ['افتتاح مسارات مشي جديدة في {city_ar}', 'new walking tracks in {city}'],
        ['ماراثون {city_ar} المفتوح', 'the {city} open marathon'],
      ]),
      sub('youth', 'الشباب', 'Youth', [
        ['برامج الأندية الصيفية للشباب', 'summer youth club programmes'],
        ['جائزة التميز للشباب', 'the youth excellence award'],
      ]),
    ],
  },
  {
    slug: 'hajj', name: 'Hajj and Umrah', name_ar: 'الحج والعمرة',
    description: 'The Hajj season, Umrah and services for pilgrims.',
    description_ar: 'موسم الحج والعمرة والخدمات المقدمة لضيوف الرحمن.',
    laws: [['نظام خدمة حجاج الداخل', 'the Domestic Pilgrims Services Law']],
    context: [
      ['ويأتي ذلك ضمن جهود خدمة ضيوف الرحمن وتيسير أداء مناسكهم بيسر وطمأنينة.',
        'This is part of the service of pilgrims, so that they perform their rites with ease and peace of mind.'],
    ],
    hashtags: ['الحج', 'العمرة', 'نسك', 'ضيوف_الرحمن', 'Hajj', 'Umrah'],
    subcategories: [
      sub('hajj-season', 'موسم الحج', 'Hajj Season', [
        ['الترتيبات التنظيمية لموسم حج {hyear}هـ', 'arrangements for the {hyear} AH Hajj season'],
        ['منع الحج دون تصريح', 'the ban on performing Hajj without a permit'],
      ]),
      sub('umrah', 'العمرة', 'Umrah', [
        ['إصدار تصاريح العمرة عبر تطبيق نسك', 'issuing Umrah permits through the Nusuk app'],
        ['تمديد مدة تأشيرة العمرة', 'extending the validity of the Umrah visa'],
      ]),
      sub('pilgrims-services', 'خدمة ضيوف الرحمن', 'Serving Pilgrims', [
        ['خطة النقل الترددي لضيوف الرحمن', 'the shuttle transport plan for pilgrims'],
        ['الخدمات الصحية المقدمة لضيوف الرحمن', 'health services for pilgrims'],
      ]),
    ],
  },
];

/** Tags not tied to one field, with a few place tags. */
export const GENERAL_HASHTAGS = [
  'رؤية_2030', 'السعودية', 'اليوم_الوطني', 'يوم_التأسيس', 'رمضان', 'إكسبو_2030', 'كأس_العالم_2034', 'نيوم',
  'الرياض', 'جدة', 'مكة_المكرمة', 'المدينة_المنورة', 'الشرقية',
  'Vision2030', 'SaudiArabia', 'Expo2030', 'NEOM', 'Riyadh',
];

/** Tags shown as trending. */
export const TRENDING_HASHTAGS = new Set([
  'رؤية_2030', 'Vision2030', 'التعليم', 'الصحة', 'موسم_الرياض', 'إكسبو_2030', 'الذكاء_الاصطناعي',
  'السعودية_الخضراء', 'العودة_للمدارس', 'الحج', 'يوم_التأسيس', 'التحول_الرقمي', 'COVID19',
]);

/** Every tag of the demo content, each once, in a stable order. */
export function allHashtags(): string[] {
  const seen = new Set<string>();
  for (const c of CATEGORIES) for (const h of c.hashtags) seen.add(h);
  for (const h of GENERAL_HASHTAGS) seen.add(h);
  return [...seen];
}

/** Sectors named in localisation decisions. */
export const SECTORS: Pair[] = [
  ['التجزئة', 'retail'], ['الاتصالات', 'telecommunications'], ['المحاسبة', 'accounting'], ['الهندسة', 'engineering'],
  ['الصيدلة', 'pharmacy'], ['طب الأسنان', 'dentistry'], ['المبيعات', 'sales'], ['السياحة والضيافة', 'tourism and hospitality'],
];
