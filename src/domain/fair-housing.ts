/**
 * The fair-housing wording check. When staff save a building or a unit, its title, descriptions
 * (English and Spanish) and features are read against the rules below: phrases that state a
 * preference, a limitation or discrimination by a protected class. The classes are the federal
 * ones (race, color, religion, sex, disability, familial status, national origin) and those
 * Connecticut adds (lawful source of income, including housing vouchers and rental assistance;
 * marital status; age; sexual orientation; gender identity or expression; ancestry; status as a
 * veteran; status as a victim of domestic violence).
 *
 * A rule flags only wording that is clearly about who may or should live in the home. Wording
 * that describes the home or its surroundings is not flagged, even when it sounds close: "master
 * bedroom", "family room", "walking distance", "quiet street", "near St. Mary's church" (a
 * landmark), "no pets", "no smoking", "wheelchair accessible", "equal housing opportunity",
 * "Section 8 welcome". Refusals are told from welcomes by their wording ("no Section 8",
 * "vouchers not accepted", "we do not accept Section 8"), never by a word alone.
 *
 * The check advises and does not forbid: staff see each phrase with the reason and a better
 * wording, and may save anyway by acknowledging them; the acknowledgement is recorded.
 */

/** A protected class under federal or Connecticut law. */
export type ProtectedClass =
  | "race"
  | "color"
  | "religion"
  | "sex"
  | "disability"
  | "familial_status"
  | "national_origin"
  | "source_of_income"
  | "marital_status"
  | "age"
  | "sexual_orientation"
  | "gender_identity"
  | "ancestry"
  | "veteran_status"
  | "domestic_violence_victim";

/** Staff-facing names of the classes, e.g. for a finding's badge. */
export const protectedClassLabels: Readonly<Record<ProtectedClass, string>> = {
  race: "Race",
  color: "Color",
  religion: "Religion",
  sex: "Sex",
  disability: "Disability",
  familial_status: "Familial status",
  national_origin: "National origin",
  source_of_income: "Source of income",
  marital_status: "Marital status",
  age: "Age",
  sexual_orientation: "Sexual orientation",
  gender_identity: "Gender identity or expression",
  ancestry: "Ancestry",
  veteran_status: "Veteran status",
  domestic_violence_victim: "Domestic violence victim status",
};

export type FairHousingRule = {
  /** Short kebab-case, unique. */
  id: string;
  protectedClass: ProtectedClass;
  /** Case-insensitive; neither global nor sticky. */
  pattern: RegExp;
  /** One plain-English sentence for staff. */
  reason: string;
  /** A better wording, or "Remove it: ..." */
  suggestion: string;
};

/** One flagged phrase: where (the field's path, e.g. "description" or "features.2"), the exact text matched, why, and a better wording. */
export type FairHousingFinding = {
  path: string;
  phrase: string;
  reason: string;
  suggestion: string;
};

/** The error code of a save refused until staff acknowledge the findings. */
export const FAIR_HOUSING_ERROR = "fair_housing_review" as const;

export const fairHousingMessages = {
  title: "Check the wording before publishing",
  intro:
    "These phrases may express a preference or limitation based on who the renter is, which fair-housing law does not allow in a rental ad. Describe the home, not the renter.",
  phrase: "Phrase",
  why: "Why",
  tryInstead: "Try instead",
  acknowledge: "I have reviewed these phrases and want to save anyway",
  acknowledgementRequired: "Review the flagged phrases, or confirm that you want to save anyway.",
  acknowledged: "Flagged wording kept after review",
} as const;

// --- Building blocks of the patterns --------------------------------------------------------

/**
 * A space in a rule's source stands for any run of spaces, hyphens or dashes, so "no section 8"
 * also reads "No  Section-8" and "no section – 8"; "x ?y" makes the separator optional. (Sources
 * never put a space inside a character class.)
 */
const SEP = String.raw`[\s\-‐‑–—]+`;

/** Word-bounded for any letters (Spanish accents included) and digits; case-insensitive. */
function words(...phrasings: string[]): RegExp {
  const body = phrasings.join("|").replaceAll(" ", `(?:${SEP})`);
  return new RegExp(String.raw`(?<![\p{L}\p{N}_$])(?:${body})(?![\p{L}\p{N}_])`, "iu");
}

const S8 = String.raw`(?:(?:section|sect|sec)\.? ?(?:8|eight|viii)|s8)`;
const S8_ES = String.raw`(?:secci[oó]n|sec\.?) ?(?:8|ocho)`;
const VOUCHER = `(?:(?:(?:housing|rental|hcv|rap|ct|state|federal|hud|${S8}) )?(?:choice )?vouchers?|hcvs?)`;
const ASSISTANCE = `(?:(?:government|gov['’]?t|public|rental|housing|state|federal|city|town) (?:assistance|aid|subsid(?:y|ies))(?: programs?)?|welfare|subsidi[sz]ed (?:tenants|applicants|renters))`;
const BENEFIT = `(?:(?:ssi|ssdi)(?: (?:income|benefits|checks|payments))?|(?:social security|disability|unemployment|child support|alimony) (?:income|benefits|checks|payments))`;
const KIDS = `(?:kids|children|babies|infants|toddlers|teens|teenagers|minors)`;
const AGE = String.raw`(?:19|[2-9]\d)`;
/** Things an ad may lawfully refuse, listed before a protected one: "no pets or kids". */
const NO_LIST = `no (?:(?:pets|dogs|cats|smoking|smokers|vaping|parties|waterbeds|sublets|subletting|grills|motorcycles|students|roommates)[,/]? ?(?:(?:or|and|nor|&) )?){0,4}`;
/** Not the start of a welcome: "no smoking and Section 8 welcome". */
const NOT_WELCOMED = String.raw`(?!(?: \p{L}+)? (?:are |is )?(?:welcome|accepted|allowed|ok|okay|fine|permitted|friendly|approved|encouraged))`;
const PASSIVE_NO = `(?:(?:(?:is|are) )?(?:not|never|isn['’]?t|aren['’]?t) (?:accepted|allowed|welcome|taken|considered|permitted|eligible|counted)|(?:will not|won['’]?t|cannot|can['’]?t|can not) be (?:accepted|considered|allowed|permitted|counted))`;
const NEED_NOT_APPLY = `(?:(?:please )?(?:need not|needn['’]?t|should not|shouldn['’]?t|do not|don['’]?t) apply)`;
const REFUSE = `(?:(?:(?:do|does|did|would|could|is|are)(?: not|n['’]?t)|(?:will|can) not|cannot|can['’]?t|won['’]?t|no longer|not|never|unable to) (?:accept|accepts|accepting|take|takes|taking|allow|allows|allowing|consider|considers|considering|participate in|participating in|work with|rent to|renting to))`;
const NOT_FOR = `(?:not|isn['’]?t) (?:(?:suitable|ideal|appropriate|recommended|intended|designed|meant|made|good) )?for`;
const PEOPLE = `(?:people|persons?|tenants?|renters?|applicants?|residents?|individuals?|roommates?|housemates?|occupants?)`;
const PLACE = `(?:neighbou?rhoods?|communit(?:y|ies)(?! cent(?:er|re)s?)|enclaves?)`;
const RELIGIOUS = `(?:christian|catholic|protestant|jewish|muslim|islamic|hindu|sikh|buddhist|mormon|lds|evangelical|baptist|methodist|amish|quaker)`;
const RELIGIOUS_PEOPLE = `(?:christians|catholics|protestants|jews|muslims|hindus|sikhs|buddhists|mormons|atheists|believers|evangelicals)`;
const NATIONALITIES = `(?:hispanics|latinos|latinas|latinx|mexicans|puerto ricans|dominicans|haitians|jamaicans|africans|arabs|indians|russians)`;
const US = String.raw`(?:u\.? ?s\.?(?: ?a\.?)?|usa|us|america|american|united states)`;

// --- Reasons shared by several rules ----------------------------------------------------------

const SECTION_8 = {
  reason:
    "Refusing housing vouchers (Section 8) is source-of-income discrimination under Connecticut law.",
  suggestion:
    "Remove it: vouchers must be considered like any other income; if you like, say “Section 8 welcome”.",
};
const VOUCHERS = {
  reason:
    "Refusing housing vouchers or rental assistance is source-of-income discrimination under Connecticut law.",
  suggestion: "Remove it: vouchers and rental assistance must be considered like any other income.",
};
const CHILDREN = {
  reason: "Turning away households with children is familial-status discrimination.",
  suggestion: "Remove it: describe the home (size, layout, features), not who may live there.",
};

// --- The rules ------------------------------------------------------------------------------

const rules: FairHousingRule[] = [
  // Lawful source of income (Connecticut)
  {
    id: "no-section-8",
    protectedClass: "source_of_income",
    pattern: words(
      `${NO_LIST}${S8}(?: (?:tenants|holders|applicants|recipients|vouchers?|program))?${NOT_WELCOMED}`,
    ),
    ...SECTION_8,
  },
  {
    id: "section-8-not-accepted",
    protectedClass: "source_of_income",
    pattern: words(
      `${S8}(?: (?:vouchers?|holders?|tenants?|applicants?|recipients?))? ${PASSIVE_NO}`,
      `${S8}(?: (?:vouchers?|holders?|tenants?|applicants?|recipients?))? ${NEED_NOT_APPLY}`,
    ),
    ...SECTION_8,
  },
  {
    id: "refuses-section-8",
    protectedClass: "source_of_income",
    pattern: words(`${REFUSE} (?:(?:any|the) )?${S8}`),
    ...SECTION_8,
  },
  {
    id: "no-vouchers",
    protectedClass: "source_of_income",
    pattern: words(
      `${NO_LIST}${VOUCHER}(?: (?:holders?|recipients?|tenants?))?${NOT_WELCOMED}`,
      `${VOUCHER}(?: (?:holders?|recipients?|tenants?))? ${PASSIVE_NO}`,
      `${VOUCHER}(?: (?:holders?|recipients?|tenants?))? ${NEED_NOT_APPLY}`,
      `${REFUSE} (?:(?:any|the) )?${VOUCHER}`,
    ),
    ...VOUCHERS,
  },
  {
    id: "no-public-assistance",
    protectedClass: "source_of_income",
    pattern: words(
      `${NO_LIST}${ASSISTANCE}(?: recipients)?${NOT_WELCOMED}`,
      `${ASSISTANCE}(?: recipients)? ${PASSIVE_NO}`,
      `${ASSISTANCE}(?: recipients)? ${NEED_NOT_APPLY}`,
      `${REFUSE} (?:(?:any|the) )?${ASSISTANCE}`,
    ),
    reason:
      "Refusing renters who receive government or rental assistance is source-of-income discrimination under Connecticut law.",
    suggestion:
      "Remove it: every lawful, verifiable income, public or rental assistance included, must be considered.",
  },
  {
    id: "no-benefit-income",
    protectedClass: "source_of_income",
    pattern: words(`no ${BENEFIT}`, `${BENEFIT} ${PASSIVE_NO}`, `${REFUSE} ${BENEFIT}`),
    reason:
      "Refusing income such as SSI, disability benefits, child support or alimony is source-of-income discrimination under Connecticut law.",
    suggestion:
      "Remove it; if there is an income requirement, state it so that it counts all lawful income.",
  },
  {
    id: "professionals-only",
    protectedClass: "source_of_income",
    pattern: words(
      `(?<!(?:by|licensed|certified|qualified|insured|trained|bonded) )(?:(?:working|young|employed) )?professionals? (?:only|preferred)`,
      `only (?:for )?(?:(?:working|young) )?professionals`,
      `professional (?:tenants?|renters?|people|persons?|individuals?|couples?|singles?|women|men|woman|man|females?|males?|ladies|lady|gentlem[ae]n|roommates?) (?:only|preferred|wanted|required)`,
    ),
    reason:
      "“Professionals only” turns away people whose lawful income is not a salary, such as voucher holders or retirees, which is source-of-income discrimination.",
    suggestion:
      "Describe the home instead; if there are income or credit requirements, state them as applying to every applicant.",
  },
  {
    id: "employment-required",
    protectedClass: "source_of_income",
    pattern: words(
      `must (?:have (?:a )?(?:(?:full ?time|steady|stable|good|regular) )?(?:job|employment)|be (?:(?:gainfully|fully|currently) )?(?:employed|working)|work full ?time)`,
      `(?:(?:full ?time|current|steady|stable) )?(?:employment|job) (?:is )?required`,
      `employed (?:(?:people|persons?|tenants?|applicants?|individuals?|adults?|renters?) )?only`,
      `working (?:people|persons|tenants|applicants|individuals|adults) only`,
      `no (?:unemployed|jobless)(?: (?:people|persons|applicants|tenants|individuals))?`,
      `(?:unemployed|jobless)(?: (?:people|persons|applicants|tenants))? ${NEED_NOT_APPLY}`,
    ),
    reason:
      "Requiring a job turns away people whose lawful income comes from benefits, vouchers, support or savings, which is source-of-income discrimination.",
    suggestion:
      "State the requirement instead, e.g. “income requirements apply to all applicants”, counting every lawful source of income.",
  },
  {
    id: "no-section-8-es",
    protectedClass: "source_of_income",
    pattern: words(
      `no (?:se )?(?:(?:acepta|aceptan|aceptamos|admite|admiten|admitimos|recibe|reciben|recibimos|toma|toman|tomamos) )?(?:(?:el|la|los|las) )?(?:programa (?:de )?)?(?:vales (?:de |del )?)?${S8_ES}`,
      `${S8_ES} no (?:se acepta|(?:es |son )?(?:aceptad[oa]s?|permitid[oa]s?|bienvenid[oa]s?))`,
    ),
    reason:
      "Refusing Section 8 (in the Spanish text) is source-of-income discrimination under Connecticut law.",
    suggestion:
      "Remove it from the Spanish text: vouchers must be considered like any other income; if you like, write “se acepta Sección 8”.",
  },
  {
    id: "no-vouchers-es",
    protectedClass: "source_of_income",
    pattern: words(
      `no (?:se )?(?:acepta|aceptan|aceptamos|admite|admiten|admitimos|recibe|reciben|recibimos) (?:(?:el|la|los|las) )?(?:vouchers?|vales(?: de vivienda)?|vale de vivienda|cupones(?: de vivienda)?|(?:asistencia|ayuda) (?:del gobierno|gubernamental|p[uú]blica|de (?:renta|alquiler|vivienda)))`,
      `no (?:vouchers|vales de vivienda|(?:asistencia|ayuda) (?:del gobierno|gubernamental|p[uú]blica|de (?:renta|alquiler|vivienda)))`,
    ),
    reason:
      "Refusing housing vouchers or government assistance (in the Spanish text) is source-of-income discrimination under Connecticut law.",
    suggestion:
      "Remove it from the Spanish text: vouchers and assistance must be considered like any other income.",
  },
  {
    id: "professionals-only-es",
    protectedClass: "source_of_income",
    pattern: words(
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:para )?profesionales(?: que trabajan)?`,
      `profesionales (?:solamente|[uú]nicamente)`,
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:para )?personas (?:que trabajan|empleadas|con empleo)`,
      `debe (?:tener (?:un )?(?:empleo|trabajo)|estar emplead[oa])`,
    ),
    reason:
      "“Only professionals” or a job requirement (in the Spanish text) turns away people whose lawful income is not a salary: source-of-income discrimination.",
    suggestion:
      "Remove it from the Spanish text; if there are income requirements, state them as applying to every applicant.",
  },

  // Familial status
  {
    id: "no-children",
    protectedClass: "familial_status",
    pattern: words(
      String.raw`${NO_LIST}(?:families with (?:(?:young|small|little) )?(?:children|kids)|families|${KIDS})(?!['’])(?: (?:under|below) \d+)?${NOT_WELCOMED}`,
    ),
    ...CHILDREN,
  },
  {
    id: "children-not-allowed",
    protectedClass: "familial_status",
    pattern: words(
      String.raw`${KIDS}(?: (?:under|below) \d+)? ${PASSIVE_NO}`,
      `(?:${KIDS}|families with (?:children|kids)) ${NEED_NOT_APPLY}`,
      `(?:child|children|kid|kids) ?free(?: (?:building|home|property|household|community|environment|zone))?`,
    ),
    ...CHILDREN,
  },
  {
    id: "not-suitable-for-children",
    protectedClass: "familial_status",
    pattern: words(
      `${NOT_FOR} (?:(?:young|small|little) )?(?:children|kids|toddlers|babies|infants|families(?: with (?:(?:young|small) )?(?:children|kids))?)(?!['’])`,
      `unsuitable for (?:(?:young|small) )?(?:children|kids|families)`,
    ),
    reason:
      "Saying a home is not for children discourages families with children, which is familial-status discrimination.",
    suggestion:
      "Describe the features that matter instead, e.g. “third-floor walk-up” or “no yard”.",
  },
  {
    id: "adults-only",
    protectedClass: "familial_status",
    pattern: words(
      `adults? only`,
      `only (?:for )?adults`,
      `adults preferred`,
      `adult (?:community|building|complex|living|household|residence)`,
    ),
    reason: "An adults-only limitation excludes families with children (familial status).",
    suggestion: "Remove it: describe the home and the building, not the renter.",
  },
  {
    id: "limit-children",
    protectedClass: "familial_status",
    pattern: words(
      String.raw`(?:no more than|max(?:imum)?\.?|only|limit(?:ed)? (?:of|to)) (?:one|1|two|2|three|3) (?:child|children|kids?)(?!['’])(?: (?:only|max(?:imum)?|allowed))?`,
      `(?:one|1|two|2) (?:child|children|kids?) (?:only|max(?:imum)?)`,
      String.raw`(?:children|kids) (?:over|older than|above|aged?) \d+(?: years)?(?: old)? only`,
    ),
    reason:
      "Limiting the number or the ages of children is familial-status discrimination; an occupancy limit counts people, not children.",
    suggestion:
      "Remove it; if the home has an occupancy limit, state it as a number of people for the whole household.",
  },
  {
    id: "no-pregnancy",
    protectedClass: "familial_status",
    pattern: words(
      `no pregnant(?: (?:women|woman|mothers|tenants|applicants|people))?`,
      `pregnant (?:women|tenants|applicants) (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason: "Turning away pregnant people is familial-status discrimination.",
    suggestion: "Remove it.",
  },
  {
    id: "couples",
    protectedClass: "familial_status",
    pattern: words(
      `(?:ideal|perfect|great|suitable|best|suited|made|excellent) for (?:a |the |one )?(?:young )?(?:couples|couple(?! of))`,
      `suits (?:a )?couple(?! of)`,
      `couples? (?:only|preferred)`,
      `only (?:for )?couples`,
    ),
    reason:
      "Naming couples as the renters a home suits states a preference by familial and marital status.",
    suggestion: "Describe the home, not the renter, e.g. “cozy one-bedroom”.",
  },
  {
    id: "empty-nesters",
    protectedClass: "familial_status",
    pattern: words(`empty ?nesters?`),
    reason:
      "“Empty nesters” states a preference for households without children (familial status).",
    suggestion: "Describe the home instead, e.g. “low-maintenance, single-level living”.",
  },
  {
    id: "no-single-parents",
    protectedClass: "familial_status",
    pattern: words(`no single (?:parents?|mothers?|moms?|mums?|fathers?|dads?)`),
    reason: "Turning away single parents is discrimination by familial and marital status.",
    suggestion: "Remove it.",
  },
  {
    id: "no-children-es",
    protectedClass: "familial_status",
    pattern: words(
      `(?:sin|no) (?:ni[nñ]os|ni[nñ]as|hijos|menores|beb[eé]s)`,
      `no se (?:permiten|aceptan|admiten) (?:ni[nñ]os|menores|hijos|beb[eé]s)`,
      `no (?:permitimos|aceptamos|admitimos) (?:ni[nñ]os|menores|hijos)`,
      `(?:ni[nñ]os|menores) no (?:permitidos|admitidos|aceptados|bienvenidos)`,
      `no (?:es )?(?:apto|apta|adecuado|adecuada|ideal) para (?:ni[nñ]os|familias con (?:ni[nñ]os|hijos))`,
    ),
    reason:
      "Turning away households with children (in the Spanish text) is familial-status discrimination.",
    suggestion:
      "Remove it from the Spanish text: describe the home (size, layout, features), not who may live there.",
  },
  {
    id: "adults-only-es",
    protectedClass: "familial_status",
    pattern: words(
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:para )?(?:adultos|personas adultas)`,
      `adultos (?:solamente|[uú]nicamente)`,
    ),
    reason:
      "An adults-only limitation (in the Spanish text) excludes families with children (familial status).",
    suggestion: "Remove it from the Spanish text: describe the home, not the renter.",
  },
  {
    id: "couples-es",
    protectedClass: "familial_status",
    pattern: words(
      `(?:ideal|perfect[oa]|excelente|adecuad[oa]) para (?:una )?parejas?`,
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:para )?parejas`,
    ),
    reason:
      "Naming couples as the renters a home suits (in the Spanish text) states a preference by familial and marital status.",
    suggestion: "Describe the home instead, e.g. “acogedor apartamento de un dormitorio”.",
  },

  // Marital status (Connecticut)
  {
    id: "singles",
    protectedClass: "marital_status",
    pattern: words(
      `(?:ideal|perfect|great|suitable|best|suited|made) for (?:a )?(?:single (?:person|individual|adult|man|woman|occupant|professional)|singles)`,
      `singles? only`,
      `single (?:persons?|individuals?|adults?|occupants?)(?: (?:only|preferred|wanted))?`,
    ),
    reason:
      "Naming single people as the renters a home suits states a preference by marital and familial status.",
    suggestion: "Describe the home, not the renter, e.g. “efficient studio”.",
  },
  {
    id: "married-only",
    protectedClass: "marital_status",
    pattern: words(
      `(?:only )?married(?: couples?)? (?:only|preferred|wanted|required)`,
      `only (?:for )?married couples?`,
      `must be married`,
      `no (?:unmarried|cohabiting|divorced)(?: (?:couples|people|persons|tenants|applicants))?`,
      `(?:unmarried|cohabiting) couples? (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason:
      "Requiring or preferring married couples is marital-status discrimination under Connecticut law.",
    suggestion: "Remove it.",
  },
  {
    id: "bachelor-pad",
    protectedClass: "marital_status",
    pattern: words(`bachelor(?:ette)? pads?`),
    reason: "“Bachelor pad” says the home is meant for a single man (marital status and sex).",
    suggestion: "Describe the home instead, e.g. “modern loft”.",
  },
  {
    id: "singles-es",
    protectedClass: "marital_status",
    pattern: words(
      `(?:ideal|perfect[oa]|adecuad[oa]) para (?:una persona soltera|un soltero|una soltera|solteros|solteras|una persona sola)`,
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:para )?(?:solteros|solteras)`,
    ),
    reason:
      "Naming single people as the renters a home suits (in the Spanish text) states a preference by marital status.",
    suggestion: "Describe the home instead, e.g. “estudio práctico y luminoso”.",
  },

  // Age (Connecticut)
  {
    id: "age-minimum",
    protectedClass: "age",
    pattern: words(
      String.raw`must be ${AGE}(?: ?\+| years?(?: of age| old)?(?: (?:or|and) (?:older|over|up|above))?| (?:or|and) (?:older|over|up|above))`,
      `must be (?:at least|over|older than|above) ${AGE}(?! ?(?:%|percent|days?|hours?|minutes?|weeks?|months?|feet|ft|inches|sq|square|miles?|lbs?|pounds|dollars))(?: years?(?: of age| old)?)?`,
      String.raw`(?:ages?|aged) ${AGE} ?(?:\+|(?:and|or) (?:over|older|up|above))(?: only)?`,
      String.raw`${AGE} ?(?:\+|(?:and|or) (?:over|older|above)|years? (?:and|or) (?:over|older)) only`,
      `(?:over|above) ${AGE} only`,
      `(?:no one|nobody|no (?:tenants?|applicants?|renters?)) (?:under|younger than|below) ${AGE}`,
      `(?:under|younger than) ${AGE} ${NEED_NOT_APPLY}`,
      String.raw`(?:${AGE} ?(?:\+|(?:and|or) (?:over|older))|(?:over|above) ${AGE}) (?:community|building|complex|living|residence|housing)`,
    ),
    reason: "An age limit for adult renters is age discrimination under Connecticut law.",
    suggestion:
      "Remove it; if what matters is signing the lease, say “applicants must be of legal age to sign a lease”.",
  },
  {
    id: "seniors-only",
    protectedClass: "age",
    pattern: words(
      `(?:seniors?|senior citizens?|retirees|elderly|older adults)(?: (?:tenants|residents|persons|people))? (?:only|preferred)`,
      `only (?:for )?(?:seniors|senior citizens|retirees|the elderly|older adults)`,
    ),
    reason:
      "Limiting a home to seniors is age and familial-status discrimination unless the property is legally housing for older persons, which a unit ad is not.",
    suggestion:
      "Remove it; describe features instead, e.g. “elevator building” or “single-level living”.",
  },
  {
    id: "no-seniors",
    protectedClass: "age",
    pattern: words(
      `no (?:seniors|senior citizens|(?:the )?elderly|retirees|old people|older (?:people|persons|tenants|adults))`,
      `${NOT_FOR} (?:the )?(?:elderly|seniors|senior citizens|older (?:people|persons|adults))`,
    ),
    reason:
      "Turning away or discouraging older renters is age discrimination under Connecticut law.",
    suggestion:
      "Remove it; describe the home's features instead, e.g. “third-floor walk-up, no elevator”.",
  },
  {
    id: "mature-person",
    protectedClass: "age",
    pattern: words(
      `mature (?:persons?|people|adults?|individuals?|tenants?|renters?|residents?|couples?|applicants?|professionals?|women|men|woman|man|lady|ladies|gentlem[ae]n|students?|roommates?)`,
    ),
    reason: "Asking for a “mature” renter states a preference by age.",
    suggestion: "Describe the home, not the renter, e.g. “quiet building”.",
  },
  {
    id: "young-renters",
    protectedClass: "age",
    pattern: words(
      `young (?:professionals?|couples?|people|persons?|tenants?|renters?|crowd|adults?|singles|residents?|roommates?|families)`,
    ),
    reason: "Asking for “young” renters states a preference by age.",
    suggestion: "Describe the home and the neighborhood, not the renter.",
  },

  // Sex
  {
    id: "one-sex-only",
    protectedClass: "sex",
    pattern: words(
      `(?:females?|males?|women|men|ladies|gentlemen|girls|guys)(?: (?:tenants|renters|roommates|residents|occupants))? only`,
      `only (?:for )?(?:females|males|women|men|ladies|gentlemen|girls|guys)(?!['’])`,
    ),
    reason: "Limiting a home to one sex is sex discrimination.",
    suggestion: "Remove it: describe the home, not the renter.",
  },
  {
    id: "sex-preferred",
    protectedClass: "sex",
    pattern: words(
      `(?:female|male|woman|man|lady|gentleman|girl|guy)(?: (?:tenant|renter|roommate|housemate|lodger|occupant|applicant|student)s?)? (?:preferred|wanted|sought|only)`,
      `(?:female|male|woman|man|lady|gentleman) (?:roommate|housemate|lodger)s?`,
    ),
    reason:
      "Naming the sex wanted for a tenant or a roommate is a preference by sex in an agency's ad.",
    suggestion: "Say “roommate wanted” without naming a sex.",
  },
  {
    id: "no-men-or-women",
    protectedClass: "sex",
    pattern: words(`no (?:men|women|males|females|guys|girls|ladies|gentlemen)(?!['’])`),
    reason: "Turning away men or women is sex discrimination.",
    suggestion: "Remove it.",
  },

  // Disability
  {
    id: "able-bodied",
    protectedClass: "disability",
    pattern: words(
      `(?:must be )?able ?bodied(?: (?:tenants?|persons?|people|applicants?|individuals?|only))?`,
      `must be (?:physically fit|in good (?:physical )?health|healthy|able to (?:climb stairs|use (?:the )?stairs|walk|live independently)|capable of (?:independent living|living independently))`,
    ),
    reason:
      "Requiring renters to be able-bodied, healthy or independent is disability discrimination.",
    suggestion: "Describe the home's features instead, e.g. “third-floor walk-up, no elevator”.",
  },
  {
    id: "no-wheelchairs",
    protectedClass: "disability",
    pattern: words(
      `no wheelchairs(?! (?:ramps?|lifts?|access))`,
      `no wheelchair (?:users?|bound)`,
      `wheelchairs?(?: users?)? ${PASSIVE_NO}`,
      `wheelchair users? ${NEED_NOT_APPLY}`,
    ),
    reason: "Turning away wheelchair users is disability discrimination.",
    suggestion:
      "Describe the access as a feature instead, e.g. “three steps to the entrance, no elevator”.",
  },
  {
    id: "no-disabled",
    protectedClass: "disability",
    pattern: words(
      String.raw`no (?:handicapped|handicaps?|disabled|disabilities|invalids|cripples)(?: (?:people|persons|tenants|applicants|individuals))?(?! (?:parking|access|accessib\p{L}*|ramps?|spaces?|spots?|stalls?|bathrooms?|entrances?|units?|features))`,
      `(?:handicapped|handicap|disabled)(?: (?:people|persons|tenants|applicants|individuals))? ${PASSIVE_NO}`,
      `(?:handicapped|disabled) (?:people|persons|tenants|applicants) ${NEED_NOT_APPLY}`,
      `${NOT_FOR} (?:the )?(?:handicapped|disabled|(?:people|persons) with disabilities|wheelchair users)`,
    ),
    reason: "Turning away or discouraging people with disabilities is disability discrimination.",
    suggestion:
      "Remove it; describe the home's features instead, e.g. “second floor, no elevator”.",
  },
  {
    id: "no-assistance-animals",
    protectedClass: "disability",
    pattern: words(
      String.raw`no (?:pets,? (?:(?:including|incl\.?|or|and|nor|even|not even) )?)?(?:(?:service|emotional support|support|assistance|companion|therapy|comfort) (?:animals?|dogs?|pets?|cats?)|esas?|seeing ?eye dogs?|guide dogs?)`,
      `no (?:exceptions?|exemptions?) for (?:(?:service|emotional support|support|assistance) (?:animals?|dogs?)|esas?)`,
      `(?:(?:service|emotional support|support|assistance|companion) (?:animals?|dogs?)|esas?|guide dogs?) ${PASSIVE_NO}`,
      `${REFUSE} (?:(?:service|emotional support|support|assistance) (?:animals?|dogs?)|esas?)`,
    ),
    reason: "Service and support animals are not pets: refusing them is disability discrimination.",
    suggestion: "Write “no pets; assistance animals welcome” instead.",
  },
  {
    id: "mental-illness",
    protectedClass: "disability",
    pattern: words(
      `no (?:mentally ill|mental (?:illness|illnesses|health (?:issues|problems|patients|conditions))|psychiatric (?:patients|history|conditions))(?: (?:people|persons|tenants|applicants))?`,
      `must be (?:mentally|emotionally|psychologically) (?:stable|healthy|sound|fit)`,
      `(?:mentally ill|psychiatric patients)(?: (?:people|persons|tenants|applicants))? ${NEED_NOT_APPLY}`,
    ),
    reason: "Turning away people with a mental illness is disability discrimination.",
    suggestion: "Remove it; screening criteria must be the same for every applicant.",
  },
  {
    id: "recovering-addicts",
    protectedClass: "disability",
    pattern: words(
      `no (?:recovering |former |ex ?)(?:addicts?|alcoholics?|drug (?:users|addicts))`,
      `no (?:one|tenants|applicants) in recovery`,
    ),
    reason: "People in recovery from addiction are protected as people with a disability.",
    suggestion: "Remove it.",
  },

  // Race and color
  {
    id: "race-preference",
    protectedClass: "race",
    pattern: words(
      `(?:whites|blacks|caucasians|asians|minorities) only`,
      `only (?:for )?(?:whites|blacks|caucasians|asians)`,
      `no (?:blacks|whites|caucasians|asians|minorities)`,
      `(?:white|black|caucasian|minority|african ?american) ${PEOPLE}(?: (?:only|preferred|wanted))?`,
      `(?:white|black|caucasian|minority) (?:families|couples?)(?: (?:only|preferred|wanted))?`,
      `caucasian preferred`,
    ),
    reason: "Naming a race as preferred or excluded is race discrimination.",
    suggestion: "Remove it.",
  },
  {
    id: "racial-neighborhood",
    protectedClass: "race",
    pattern: words(
      `(?:white|black|caucasian|african ?american|asian|minority|non ?white) ${PLACE}`,
    ),
    reason:
      "Describing a neighborhood by the race of the people living there states a racial preference.",
    suggestion:
      "Describe the neighborhood by places instead, e.g. “near the park and the library”.",
  },
  {
    id: "skin-color",
    protectedClass: "color",
    pattern: words(
      `(?:light|fair|dark|pale|brown|black|white) ?skinned`,
      `no (?:people|persons|tenants) of colou?r`,
      `colou?red (?:people|persons|folks|tenants)`,
    ),
    reason: "Naming the skin color of renters is discrimination by color.",
    suggestion: "Remove it.",
  },

  // National origin and ancestry
  {
    id: "english-only",
    protectedClass: "national_origin",
    pattern: words(
      `english ?speak(?:ing|ers?)(?: ${PEOPLE}| households?| families)? (?:only|preferred|required)`,
      `english ?speaking (?:${PEOPLE}|households?|families)`,
      `must (?:speak|understand|know) (?:(?:fluent|good|perfect|proper) )?english`,
      `(?:fluent )?english (?:is )?(?:required|a must)`,
      `no (?:spanish|non ?english|foreign(?: language)?|other language) ?speak(?:ers|ing(?: (?:people|tenants|applicants))?)`,
    ),
    reason:
      "Requiring English, or turning away speakers of other languages, is national-origin discrimination.",
    suggestion:
      "Remove it; you may say which languages the office speaks, e.g. “we speak English and Spanish”.",
  },
  {
    id: "english-only-es",
    protectedClass: "national_origin",
    pattern: words(
      `(?:debe|deben|tiene que|tienen que|necesita) hablar (?:bien )?ingl[eé]s`,
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:(?:para )?personas )?que hablen ingl[eé]s`,
      `(?:s[oó]lo|solamente|[uú]nicamente) (?:para )?angloparlantes`,
    ),
    reason: "Requiring English (in the Spanish text) is national-origin discrimination.",
    suggestion:
      "Remove it from the Spanish text; you may write which languages the office speaks, e.g. “se habla español”.",
  },
  {
    id: "no-immigrants",
    protectedClass: "national_origin",
    pattern: words(
      `no (?:immigrants|foreigners|aliens|illegals|illegal (?:aliens|immigrants)|undocumented(?: (?:immigrants|people|persons|tenants|applicants))?|refugees|migrants|non ?citizens|foreign nationals|asylum seekers)`,
      `(?:immigrants|foreigners|refugees|migrants) (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason: "Turning away immigrants or foreigners is national-origin discrimination.",
    suggestion: "Remove it; apply the same identity and screening checks to every applicant.",
  },
  {
    id: "citizens-only",
    protectedClass: "national_origin",
    pattern: words(
      `(?:${US} )?citizens only`,
      `only (?:for )?(?:${US} )?citizens`,
      `must be (?:an? )?${US} citizens?`,
      `(?:${US} )?citizenship (?:is )?required`,
    ),
    reason: "Limiting a home to citizens singles out people by national origin.",
    suggestion: "Remove it; apply the same identity and screening checks to every applicant.",
  },
  {
    id: "american-born",
    protectedClass: "national_origin",
    pattern: words(
      String.raw`(?:american|u\.? ?s\.?|native) born`,
      `born in (?:the )?${US}(?: only)?`,
    ),
    reason: "Preferring people born in the United States is national-origin discrimination.",
    suggestion: "Remove it.",
  },
  {
    id: "ethnic-neighborhood",
    protectedClass: "national_origin",
    pattern: words(
      `(?:hispanic|latino|latina|latinx|italian|irish|polish|puerto rican|portuguese|ethnic|immigrant|jamaican|haitian|west indian|korean|vietnamese|indian|russian|ukrainian|brazilian|dominican|mexican|arab|middle eastern) ${PLACE}`,
    ),
    reason:
      "Describing a neighborhood by the national origin of the people living there states a preference by national origin.",
    suggestion:
      "Describe the neighborhood by places instead, e.g. “near the market and the bus line”.",
  },
  {
    id: "nationality-exclusion",
    protectedClass: "national_origin",
    pattern: words(
      `no ${NATIONALITIES}`,
      `${NATIONALITIES} (?:only|${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason:
      "Preferring or turning away people of a nationality or ethnicity is national-origin discrimination.",
    suggestion: "Remove it.",
  },
  {
    id: "ancestry-preference",
    protectedClass: "ancestry",
    pattern: words(
      String.raw`(?:must be|only|tenants?|applicants?|people|persons|families|residents|renters|roommates?) of (?:\p{L}+ ){1,2}(?:descent|ancestry|extraction|bloodline|lineage)`,
      `anglo ?saxon(?: (?:only|tenants?|families|people|neighbou?rhood|community))?`,
    ),
    reason:
      "Preferring people of a given descent is ancestry discrimination under Connecticut law.",
    suggestion: "Remove it.",
  },

  // Religion
  {
    id: "religious-community",
    protectedClass: "religion",
    pattern: words(
      `${RELIGIOUS} (?:communit(?:y|ies)(?! cent(?:er|re)s?)|homes?|households?|neighbou?rhoods?|environment|atmosphere|building|living|famil(?:y|ies)|values|lifestyle)`,
    ),
    reason:
      "Describing a home, its residents or its neighborhood by a religion states a religious preference; naming a place of worship as a landmark is fine.",
    suggestion: "Remove it, or name a landmark instead, e.g. “two blocks from St. Mary's Church”.",
  },
  {
    id: "religious-preference",
    protectedClass: "religion",
    pattern: words(
      `${RELIGIOUS_PEOPLE} only`,
      `only (?:for )?${RELIGIOUS_PEOPLE}`,
      `no ${RELIGIOUS_PEOPLE}`,
      `${RELIGIOUS} (?:${PEOPLE}|couples?|professionals?|women|men|woman|man|lady|gentleman|girls?|guys?)(?!['’])`,
      String.raw`must be (?:an? )?(?:christian|catholic|jewish|muslim|hindu|believer|church ?goer|practicing \p{L}+)`,
      `(?:god ?fearing|church ?going)(?: (?:tenants?|people|persons?|renters?|family|families|couples?))?`,
      `must (?:attend|go to) (?:church|mass|synagogue|temple|mosque)`,
    ),
    reason: "Preferring, requiring or excluding a religion is religious discrimination.",
    suggestion: "Remove it.",
  },

  // Sexual orientation, gender identity or expression (Connecticut)
  {
    id: "sexual-orientation",
    protectedClass: "sexual_orientation",
    pattern: words(
      `no (?:gay (?:couples?|men|people|tenants|persons)|lesbian couples?|gays?|lesbians?|homosexuals?|bisexuals?|lgbt[qia+]*|queers?|same ?sex couples?)`,
      `(?:straight|heterosexual) (?:couples?|tenants?|people|persons?|renters?|roommates?) (?:only|preferred)`,
      `heterosexuals? only`,
      `must be (?:straight|heterosexual)`,
      `(?:gay|lesbian|same ?sex) couples? (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason:
      "Preferring or turning away people by sexual orientation is discrimination under Connecticut law.",
    suggestion: "Remove it.",
  },
  {
    id: "gender-identity",
    protectedClass: "gender_identity",
    pattern: words(
      `no (?:transgender (?:people|persons|women|men|tenants|individuals|applicants)|trans (?:people|persons|women|men|tenants)|trans(?:gender|sexual)s?|cross ?dressers?|non ?binary(?: (?:people|persons|tenants))?|drag queens?)`,
      `(?:biological|biologically|born) (?:women|men|females?|males?|woman|man)(?: only)?`,
      `must be (?:biologically|born) (?:female|male|a woman|a man)`,
      `cis(?:gender)?(?: (?:tenants?|people|persons?|women|men))? only`,
      `(?:transgender|trans) (?:people|persons|tenants|individuals) (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason:
      "Turning away people by gender identity or expression is discrimination under Connecticut law.",
    suggestion: "Remove it.",
  },

  // Veteran status (Connecticut)
  {
    id: "no-military",
    protectedClass: "veteran_status",
    pattern: words(
      `no (?:military|veterans?|service ?members|servicemen|soldiers|active ?duty)(?: (?:personnel|members|families|tenants|applicants|people))?(?! (?:discounts?|clauses?|bases?|time))`,
      `(?:military|veterans)(?: (?:personnel|members|families))? (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
      `civilians only`,
    ),
    reason:
      "Turning away veterans or service members is discrimination by veteran status under Connecticut law.",
    suggestion: "Remove it.",
  },

  // Victims of domestic violence (Connecticut)
  {
    id: "no-domestic-violence-victims",
    protectedClass: "domestic_violence_victim",
    pattern: words(
      `no (?:(?:dv|domestic violence|domestic abuse|family violence|abuse|ipv) (?:victims|survivors)|victims (?:of|from) (?:domestic |family )?(?:violence|abuse)|(?:women['’]?s|dv|domestic violence) shelter (?:residents|referrals|clients))`,
      `(?:domestic violence|dv|abuse) (?:victims|survivors) (?:${PASSIVE_NO}|${NEED_NOT_APPLY})`,
    ),
    reason: "Turning away victims of domestic violence is discrimination under Connecticut law.",
    suggestion: "Remove it.",
  },
];

export const fairHousingRules: readonly FairHousingRule[] = Object.freeze(
  rules.map((rule) => Object.freeze(rule)),
);

// --- The check ------------------------------------------------------------------------------

/** One rule's match in a text: where it starts and the exact text. */
export type FairHousingMatch = { rule: FairHousingRule; phrase: string; index: number };

/** Each rule's pattern, global for scanning (the exported patterns stay stateless). */
const scanners = fairHousingRules.map((rule) => ({
  rule,
  global: new RegExp(rule.pattern.source, `${rule.pattern.flags.replace(/[gy]/g, "")}g`),
}));

/** The same phrase written with another case or other spaces or hyphens. */
const phraseKey = (phrase: string) =>
  phrase
    .toLowerCase()
    .replace(/[\s\-‐‑–—]+/g, " ")
    .trim();

/**
 * The rules' matches in one text, in position order. Where matches overlap the earliest wins,
 * then the longest, then the first rule: one stretch of text is reported once. A phrase that
 * comes again (in any case or spacing) is reported at its first place only.
 */
export function matchFairHousingRules(text: string): FairHousingMatch[] {
  const found: Array<FairHousingMatch & { order: number }> = [];
  scanners.forEach(({ rule, global }, order) => {
    for (const m of text.matchAll(global)) {
      if (m[0].length > 0) found.push({ rule, phrase: m[0], index: m.index ?? 0, order });
    }
  });
  found.sort((a, b) => a.index - b.index || b.phrase.length - a.phrase.length || a.order - b.order);
  const kept: FairHousingMatch[] = [];
  const seen = new Set<string>();
  let end = 0;
  for (const { rule, phrase, index } of found) {
    if (index < end) continue;
    end = index + phrase.length;
    const key = phraseKey(phrase);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push({ rule, phrase, index });
  }
  return kept;
}

/**
 * Letters of other scripts drawn like Latin ones (Cyrillic, Greek), as a reader sees them: "Аdults
 * оnly" with a Cyrillic А and о reads as "Adults only", so it is checked as that.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  ѕ: "s",
  і: "i",
  ї: "i",
  ј: "j",
  һ: "h",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  ү: "y",
  А: "A",
  В: "B",
  Е: "E",
  Ё: "E",
  К: "K",
  М: "M",
  Н: "H",
  О: "O",
  Р: "P",
  С: "C",
  Т: "T",
  У: "Y",
  Х: "X",
  Ѕ: "S",
  І: "I",
  Ї: "I",
  Ј: "J",
  Һ: "H",
  Ԁ: "D",
  Ԛ: "Q",
  Ԝ: "W",
  Ӏ: "I",
  Ү: "Y",
  // Greek
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  Α: "A",
  Β: "B",
  Ε: "E",
  Ζ: "Z",
  Η: "H",
  Ι: "I",
  Κ: "K",
  Μ: "M",
  Ν: "N",
  Ο: "O",
  Ρ: "P",
  Τ: "T",
  Υ: "Y",
  Χ: "X",
  // Latin letters that read as plain ones
  ı: "i",
  ȷ: "j",
  ſ: "s",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");
/**
 * What never shows but splits a word for a machine: format characters (zero-width spaces and
 * joiners, the soft hyphen, direction marks, the byte-order mark), variation selectors, the
 * combining grapheme joiner, Hangul fillers; and combining marks left once the text is composed
 * (a Spanish accent composes into its letter first, so "ó" stays).
 */
const UNSEEN = /[\p{Cf}\p{M}\u115F\u1160\u3164\uFFA0]/gu;
/** Invisible breaks between words: "Adults\u200Bonly" may be meant as two words, or as one. */
const ZERO_WIDTH_SPACES = /[\u200B\u2060\uFEFF]/gu;

/** One letter as it reads: its compatibility form, what does not show removed, look-alikes mapped. */
const letterAsShown = (unit: string) =>
  unit
    .normalize("NFKC")
    .replace(UNSEEN, "")
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter)
    .normalize("NFC");

/**
 * A text as a person reads it, for the check: compatibility forms made plain (NFKC: full-width
 * and mathematical letters, ligatures), what does not show removed, look-alike letters of other
 * scripts read as the Latin ones they mimic. Made a letter at a time (a letter with the marks
 * that follow it), so that each stretch of it maps back to the stretch of `text` it came from:
 * `original(start, end)` is the text as staff wrote it, which a finding quotes.
 */
export function readAsShown(
  text: string,
  zeroWidthSpaces: "removed" | "spaces" = "removed",
): { text: string; original(start: number, end: number): string } {
  const letters = text.match(/\P{M}\p{M}*|\p{M}+/gsu) ?? [];
  let shown = "";
  // For each character shown: where its letter starts and ends in `text`.
  const from: number[] = [];
  const to: number[] = [];
  let at = 0;
  for (const letter of letters) {
    const read =
      zeroWidthSpaces === "spaces" && letter.search(ZERO_WIDTH_SPACES) === 0
        ? " "
        : letterAsShown(letter);
    for (let i = 0; i < read.length; i++) {
      from.push(at);
      to.push(at + letter.length);
    }
    shown += read;
    at += letter.length;
  }
  return {
    text: shown,
    original: (start, end) =>
      end > start ? text.slice(from[start] ?? text.length, to[end - 1] ?? text.length) : "",
  };
}

/**
 * A text's matches as it reads (readAsShown), each quoting the text as written; a zero-width
 * space is read both as nothing and as a space, and a phrase found both ways is reported once.
 */
function matchAsShown(text: string): FairHousingMatch[] {
  const readings =
    text.search(ZERO_WIDTH_SPACES) === -1
      ? [readAsShown(text)]
      : [readAsShown(text), readAsShown(text, "spaces")];
  const seen = new Set<string>();
  const found: FairHousingMatch[] = [];
  for (const reading of readings) {
    for (const match of matchFairHousingRules(reading.text)) {
      const key = phraseKey(match.phrase);
      if (seen.has(key)) continue;
      seen.add(key);
      const phrase = reading.original(match.index, match.index + match.phrase.length);
      found.push({ ...match, phrase });
    }
  }
  return found;
}

/**
 * Checks each field's text as it reads (readAsShown); findings in field order then position; the
 * same phrase in one field reported once.
 */
export function reviewListingText(
  fields: ReadonlyArray<{ path: string; text: string }>,
): FairHousingFinding[] {
  return fields.flatMap(({ path, text }) =>
    matchAsShown(text).map(({ rule, phrase }) => ({
      path,
      phrase,
      reason: rule.reason,
      suggestion: rule.suggestion,
    })),
  );
}

/** What a building or unit shows renters, as the back office's forms and the server check it. */
export type ListingWording = {
  title?: string;
  description: string;
  descriptionEs?: string | null;
  /** A building's amenities or a unit's features, each line its own field. */
  lines: { field: "amenities" | "features"; values: readonly string[] };
  /** Other words the public pages or the feeds show: a unit's number and floor plan, alt texts. */
  texts?: ReadonlyArray<{ path: string; text: string }>;
};

/**
 * A building's wording, everything of it the site and the feeds show: its title, descriptions
 * and amenities.
 */
export function buildingWording(building: {
  title: string;
  description: string;
  descriptionEs?: string | null;
  amenities: readonly string[];
}): ListingWording {
  return { ...building, lines: { field: "amenities", values: building.amenities } };
}

/** A unit's wording: its number and floor plan too (the feeds name both), its features. */
export function unitWording(unit: {
  unitNumber: string;
  floorPlan: string;
  description: string;
  descriptionEs?: string | null;
  features: readonly string[];
}): ListingWording {
  return {
    description: unit.description,
    descriptionEs: unit.descriptionEs,
    lines: { field: "features", values: unit.features },
    texts: [
      { path: "unitNumber", text: unit.unitNumber },
      { path: "floorPlan", text: unit.floorPlan },
    ],
  };
}

/** The texts to check, each with the path of its field in the save's body. */
export function listingWordingFields(wording: ListingWording): { path: string; text: string }[] {
  const fields: { path: string; text: string }[] = [];
  if (wording.title !== undefined) fields.push({ path: "title", text: wording.title });
  fields.push(...(wording.texts ?? []));
  fields.push({ path: "description", text: wording.description });
  if (wording.descriptionEs) fields.push({ path: "descriptionEs", text: wording.descriptionEs });
  wording.lines.values.forEach((text, index) => {
    fields.push({ path: `${wording.lines.field}.${index}`, text });
  });
  return fields;
}

/** A finding's field as staff know it from the form ("features.2" is a line of Features). */
export function fieldLabelOf(path: string): string {
  const [field] = path.split(".");
  const labels: Record<string, string> = {
    title: "Title",
    description: "Description",
    descriptionEs: "Description (Spanish)",
    amenities: "Amenities",
    features: "Features",
    unitNumber: "Unit number",
    floorPlan: "Floor plan",
    alt: "Photo description (alt text)",
  };
  return labels[field ?? ""] ?? path;
}
