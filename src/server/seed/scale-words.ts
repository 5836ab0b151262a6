/**
 * The words the scale seed builds its rows from: Connecticut towns with their ZIP codes, streets,
 * the names of the people who write to a Connecticut agency, and what they write. Every address
 * the seed makes is at a reserved domain (example.com, .net, .org), so no e-mail the app sends
 * over these rows can reach anyone.
 */

/** A town, one of its ZIP codes, and its rents against Hartford's (1.00). */
export type Place = { town: string; zip: string; rent: number };

/** Greater Hartford first and twice as often (the agency's home), then the rest of the state. */
export const places: Place[] = [
  ...[
    ["Hartford", "06103", 1.0],
    ["Hartford", "06105", 1.0],
    ["Hartford", "06106", 0.95],
    ["Hartford", "06114", 0.95],
    ["West Hartford", "06107", 1.3],
    ["West Hartford", "06117", 1.35],
    ["West Hartford", "06119", 1.25],
    ["East Hartford", "06108", 0.95],
    ["East Hartford", "06118", 0.95],
    ["Wethersfield", "06109", 1.1],
    ["Newington", "06111", 1.1],
    ["Manchester", "06040", 1.05],
    ["Glastonbury", "06033", 1.35],
    ["Windsor", "06095", 1.1],
    ["Bloomfield", "06002", 1.1],
    ["Rocky Hill", "06067", 1.15],
    ["New Britain", "06051", 0.9],
    ["New Britain", "06053", 0.9],
    ["Farmington", "06032", 1.3],
    ["Enfield", "06082", 1.0],
    ["Vernon", "06066", 1.0],
    ["Simsbury", "06070", 1.3],
    ["Bristol", "06010", 0.95],
    ["Middletown", "06457", 1.05],
  ].flatMap(([town, zip, rent]) => {
    const place = { town: town as string, zip: zip as string, rent: rent as number };
    return [place, place];
  }),
  ...(
    [
      ["New Haven", "06510", 1.25],
      ["New Haven", "06511", 1.2],
      ["New Haven", "06513", 1.1],
      ["West Haven", "06516", 1.05],
      ["East Haven", "06512", 1.05],
      ["Hamden", "06514", 1.15],
      ["Hamden", "06517", 1.15],
      ["Branford", "06405", 1.2],
      ["Milford", "06460", 1.25],
      ["Wallingford", "06492", 1.05],
      ["Meriden", "06450", 0.9],
      ["Meriden", "06451", 0.9],
      ["Cheshire", "06410", 1.2],
      ["Southington", "06489", 1.05],
      ["Waterbury", "06702", 0.85],
      ["Waterbury", "06705", 0.85],
      ["Waterbury", "06708", 0.85],
      ["Naugatuck", "06770", 0.9],
      ["Torrington", "06790", 0.85],
      ["Danbury", "06810", 1.25],
      ["Danbury", "06811", 1.25],
      ["Bridgeport", "06604", 1.05],
      ["Bridgeport", "06605", 1.05],
      ["Bridgeport", "06606", 1.0],
      ["Stratford", "06614", 1.15],
      ["Shelton", "06484", 1.25],
      ["Fairfield", "06824", 1.6],
      ["Norwalk", "06850", 1.55],
      ["Norwalk", "06851", 1.55],
      ["Norwalk", "06854", 1.5],
      ["Stamford", "06901", 1.75],
      ["Stamford", "06902", 1.7],
      ["Stamford", "06905", 1.7],
      ["Greenwich", "06830", 2.2],
      ["New London", "06320", 1.0],
      ["Groton", "06340", 1.05],
      ["Norwich", "06360", 0.85],
      ["Old Saybrook", "06475", 1.3],
      ["Mansfield", "06268", 1.05],
      ["Windham", "06226", 0.8],
    ] as const
  ).map(([town, zip, rent]) => ({ town, zip, rent })),
];

/** Street names; a building's title is often its street's first word and a suffix. */
export const streets = [
  "Main Street",
  "Elm Street",
  "Maple Avenue",
  "Church Street",
  "Prospect Street",
  "Asylum Avenue",
  "Farmington Avenue",
  "Park Road",
  "Washington Street",
  "High Street",
  "Chapel Street",
  "Whitney Avenue",
  "Orange Street",
  "Wethersfield Avenue",
  "Albany Avenue",
  "Boston Post Road",
  "Broad Street",
  "Center Street",
  "Pleasant Street",
  "Oak Street",
  "Chestnut Street",
  "Spring Street",
  "Franklin Avenue",
  "Capitol Avenue",
  "Trumbull Street",
  "Bank Street",
  "State Street",
  "Grand Street",
  "Mill Street",
  "Silas Deane Highway",
  "Dixwell Avenue",
  "Sherman Avenue",
  "Summer Street",
  "Bedford Street",
  "Fairfield Avenue",
  "Hillside Avenue",
  "Laurel Street",
  "Putnam Street",
  "Woodland Street",
  "Sigourney Street",
  "Garden Street",
  "Bridge Street",
  "River Road",
  "Riverside Drive",
  "Lafayette Street",
  "Colony Street",
  "Union Street",
  "Wolcott Hill Road",
];

/** Titles that name the whole street ("Main Street Apartments") or its first word ("Elm Court"). */
export const streetSuffixes = ["Apartments", "Residences", "Flats", "Commons"];
export const shortSuffixes = [
  "Court",
  "Place",
  "Terrace",
  "Gardens",
  "Manor",
  "Row",
  "House",
  "Green",
];

export const firstNames = [
  "Maria",
  "José",
  "Luis",
  "Ana",
  "Carmen",
  "Jasmine",
  "Michael",
  "Jennifer",
  "David",
  "Sarah",
  "James",
  "Emily",
  "Robert",
  "Jessica",
  "Daniel",
  "Ashley",
  "Kevin",
  "Nicole",
  "Anthony",
  "Stephanie",
  "Christopher",
  "Amanda",
  "Brian",
  "Megan",
  "Joseph",
  "Lauren",
  "Matthew",
  "Rachel",
  "Andrew",
  "Samantha",
  "Tyrone",
  "Keisha",
  "Marcus",
  "Aaliyah",
  "Wei",
  "Priya",
  "Arjun",
  "Mei",
  "Olena",
  "Piotr",
  "Katarzyna",
  "Giuseppe",
  "Francesca",
  "Patrick",
  "Siobhan",
  "Omar",
  "Fatima",
  "Yusuf",
  "Nadia",
  "Kwame",
  "Abena",
  "Thanh",
  "Linh",
  "Hannah",
  "Ethan",
  "Olivia",
  "Noah",
  "Sofia",
  "Gabriel",
  "Isabella",
];

export const lastNames = [
  "Rodríguez",
  "Rivera",
  "González",
  "Martínez",
  "Santiago",
  "Torres",
  "Ortiz",
  "Cruz",
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Miller",
  "Davis",
  "Wilson",
  "Anderson",
  "Taylor",
  "Thomas",
  "Moore",
  "Jackson",
  "White",
  "Harris",
  "Clark",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Murphy",
  "Sullivan",
  "O'Brien",
  "Kelly",
  "Russo",
  "Esposito",
  "Romano",
  "DeLuca",
  "Kowalski",
  "Nowak",
  "Wiśniewski",
  "Kovalenko",
  "Nguyen",
  "Tran",
  "Chen",
  "Wang",
  "Patel",
  "Shah",
  "Singh",
  "Khan",
  "Ali",
  "Mensah",
  "Owusu",
  "Brown-Campbell",
  "Baptiste",
  "Pierre",
  "Cohen",
  "Levine",
  "Fitzgerald",
  "McCarthy",
  "Reyes",
  "Morales",
];

/** The office's staff, as the trail and the maintenance threads name them. */
export const staff = [
  { name: "Margaret Doyle", email: "margaret.doyle@charteroakrentals.com" },
  { name: "Luis Ocasio", email: "luis.ocasio@charteroakrentals.com" },
  { name: "Priya Raman", email: "priya.raman@charteroakrentals.com" },
  { name: "Tom Kowalczyk", email: "tom.kowalczyk@charteroakrentals.com" },
];

export const buildingDescriptions = [
  "A well-kept %s property in %s, a short walk from shops, schools and bus lines.",
  "Quiet %s homes in %s with on-site management and prompt, professional maintenance.",
  "A renovated %s property in the heart of %s, close to parks, groceries and I-84.",
  "Bright, comfortable %s living in %s, near restaurants, the library and commuter routes.",
  "A classic New England %s property in %s with updated kitchens and baths.",
  "Spacious %s homes in a residential part of %s, minutes from downtown and the highway.",
];

export const buildingDescriptionsEs = [
  "Un edificio bien cuidado en %s, a poca distancia de tiendas, escuelas y autobuses.",
  "Viviendas tranquilas en %s, con administración en el lugar y mantenimiento rápido.",
];

export const unitDescriptions = [
  "Sunny corner unit with hardwood floors and an updated kitchen.",
  "Freshly painted, with new appliances and plenty of closet space.",
  "Quiet unit facing the courtyard, with a renovated bathroom.",
  "Open layout with large windows and a dishwasher.",
];

export const unitFeatures = [
  "Hardwood Floors",
  "Dishwasher",
  "Central Air",
  "Walk-in Closet",
  "Updated Kitchen",
  "Balcony",
  "Ceiling Fans",
  "Window Blinds",
  "Stainless Steel Appliances",
  "Gas Range",
];

export const inquirySubjects = [
  "Parking",
  "Pets",
  "Move-in date",
  "Application",
  "Utilities",
  "Laundry",
  "Lease length",
  "Showing",
  "Availability",
  "Rent and deposit",
];

/** About a building; `%s` is its title. */
export const buildingQuestions = [
  "Is there off-street parking at %s, and is it included in the rent?",
  "Do you allow cats at %s? I have one indoor cat.",
  "When would a two-bedroom at %s next be available? I am looking to move in the next two months.",
  "What do I need to apply for an apartment at %s? Is there an application fee?",
  "Which utilities are included at %s? Is heat included?",
  "Is there laundry in the building at %s?",
  "Do you offer shorter leases at %s, six months or month-to-month?",
  "Could I see an apartment at %s this weekend?",
  "Are there any units available at %s for September 1?",
  "How much is the security deposit at %s, and do you take housing choice vouchers?",
];

export const generalSubjects = [
  "Question",
  "Rental application",
  "Housing vouchers",
  "Management services",
  "Lease renewal",
  "Waiting list",
];

export const generalQuestions = [
  "Hello, I am looking for a one-bedroom in the Hartford area under $1,500. Do you have anything coming up?",
  "Can you tell me what income I need to qualify for one of your apartments?",
  "Do you accept Section 8 / housing choice vouchers?",
  "I own a three-family house in New Britain and am looking for a management company. Do you take new owners?",
  "My lease ends in two months and I would like to renew. Who should I talk to?",
  "Please put me on the waiting list for a two-bedroom with parking.",
];

export const tourTimes = [
  "Weekday evenings after 5",
  "Saturday morning",
  "Any time Friday",
  "Weekends",
  "Tuesday or Thursday afternoon",
  "Mornings before 10",
];

/** Maintenance titles and descriptions, three per category (domain/maintenance.ts's order). */
export const maintenanceTitles = [
  ["Kitchen sink leaking", "Toilet runs constantly", "No hot water"],
  ["Outlet not working", "Light fixture flickers", "Breaker keeps tripping"],
  ["Heat not coming on", "AC not cooling", "Radiator banging"],
  ["Refrigerator not cold", "Dishwasher won't drain", "Stove burner out"],
  ["Mice in the kitchen", "Ants near the back door", "Roaches under the sink"],
  ["Front door lock sticks", "Window won't latch", "Lost mailbox key"],
  ["Smoke detector chirping", "Ceiling stain in bathroom", "Hallway light out"],
];

export const maintenanceDescriptions = [
  "It started a few days ago and is getting worse. Please send someone when you can.",
  "I noticed it this morning. I can be home most afternoons.",
  "This has happened before and was fixed last year, but it is back.",
  "Please call before coming; the dog will be in the bedroom.",
];

export const preferredTimes = [
  "Weekday mornings",
  "After 3 pm",
  "Any time, I work from home",
  "Mondays or Wednesdays",
  "",
];

export const staffComments = [
  "Thanks for letting us know. A technician is scheduled for your visit window.",
  "Our plumber will stop by; please clear the area under the sink.",
  "Parts are on order; we will follow up as soon as they arrive.",
  "The work is done. Please let us know if the problem comes back.",
  "We could not get in at the scheduled time. Please reply with a few times that work.",
];

export const tenantComments = [
  "Thank you! Someone will be home.",
  "It is still happening, can someone come back?",
  "All fixed, thanks so much.",
  "Can we move the visit to the afternoon?",
];

export const documentNotes = [
  "Please send your two most recent pay stubs.",
  "We need a signed copy of the lease renewal.",
  "Please upload proof of renter's insurance.",
  "Photos of the damage, please, so we can send the right contractor.",
  "",
];

export const userAgents = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
];

export const mailErrors = [
  "550 5.1.1 The email account that you tried to reach does not exist",
  "452 4.2.2 The recipient's mailbox is full",
  "Connection timed out after 30000 ms",
];
