package main

import (
	"strings"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// wordSet is an immutable set of lower-case words.
type wordSet map[string]struct{}

// words builds a wordSet from space-separated lists.
func words(lists ...string) wordSet {
	s := wordSet{}
	for _, l := range lists {
		for _, w := range strings.Fields(l) {
			s[w] = struct{}{}
		}
	}
	return s
}

func (s wordSet) has(w string) bool {
	_, ok := s[w]
	return ok
}

// Lexicons. They are read-only after package initialisation.
var (
	// capStop are capitalized words that never start or form a name on
	// their own: sentence starters, pronouns, question words, greetings.
	capStop = words(
		"i me my mine myself we us our ours you your yours he him his she her hers it its they them their theirs",
		"a an the this that these those some any every each all both either neither many most other another no none such",
		"everybody everyone everything somebody someone something anybody anyone anything nobody nothing",
		"and or but so yet nor for if then than because since although though while when where why how what which who whom whose",
		"whenever wherever whoever whomever whatever whichever however unless whereas whether",
		"am is are was were be been being do does did have has had will would shall should can could may might must",
		"hi hello hey dear thanks thank yes no yeah yep yup nope okay ok oh ah um uh well sure great cool nice wow lol haha please sorry",
		"also actually anyway besides however instead meanwhile moreover furthermore therefore still just maybe perhaps not",
		"today tonight tomorrow yesterday now here there then later soon recently finally first second third next last",
		"let lets let's after before during until till from into onto with without about above below between under over",
		"good bad best better happy glad welcome congratulations congrats absolutely definitely certainly exactly",
		"note tip tips step steps example examples option options idea ideas answer question summary conclusion",
		"monday tuesday wednesday thursday friday saturday sunday",
		"january february march april june july august september october november december",
		"jan feb mar apr jun jul aug sep sept oct nov dec",
		"mr mr. mrs mrs. ms ms. dr dr. prof prof. mom dad mum",
		"user assistant system",
		"christmas easter halloween thanksgiving",
		peoplesWords,
	)

	// peoples are the adjectives of peoples among capStop: they start a
	// name only with a name's word after them (peoplesNamePart).
	peoples = words(peoplesWords)

	// sentenceStarters are extra words skipped when they open a sentence
	// capitalized (they are ordinary words written with a capital).
	sentenceStarters = words(
		"just really absolutely feel feeling love like hope going want wanted need needed think thought",
		"try trying make making take taking get getting give giving keep consider remember check look looking",
		"start starting use using find finding visit visiting being having working living moving",
		"here's there's it's that's what's i'm i've i'd i'll we're we've you're he's she's they're",
		"speaking talking having thinking planning unfortunately luckily fortunately honestly personally apparently basically",
		// "Poor Juniper.", "Lucky Tom": pity or envy said before a name.
		"poor lucky",
		"one two three four five six seven eight nine ten once every overall additionally lastly firstly secondly",
		"can could would should will shall may might must do does did is are was were has have had",
		"of in on at to by as off out up down through across around against along among behind beside beyond near past toward towards upon within via",
	)

	// months maps month names and abbreviations to their number.
	months = map[string]int{
		"january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3,
		"april": 4, "apr": 4, "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7,
		"august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9, "october": 10,
		"oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
	}

	// weekdays maps weekday names to time.Weekday numbers.
	weekdays = map[string]int{
		"sunday": 0, "monday": 1, "tuesday": 2, "wednesday": 3, "thursday": 4, "friday": 5, "saturday": 6,
	}

	// honorifics open a person's name.
	honorifics = words("dr dr. mr mr. mrs mrs. ms ms. miss prof prof. professor sir dame lord lady aunt uncle grandma grandpa coach captain capt. rev. cllr cllr. councillor senator sen. mayor sgt sgt. sergeant")

	// corpSuffixes close an organization's name.
	corpSuffixes = words("inc inc. corp corp. corporation co co. company llc ltd ltd. plc gmbh ag sa ab bv nv oy asa srl spa pty",
		"group holdings labs lab technologies technology tech systems solutions partners associates industries enterprises")

	// industryHeads close an organization's name without being a suffix
	// one drops ("Vertex Pharmaceuticals" is not "Vertex").
	industryHeads = words(
		"pharmaceuticals pharma therapeutics biosciences biotech robotics games logistics freight analytics health healthcare media software capital ventures motors energy foods insurance consulting networks communications entertainment interactive digital imaging physiotherapy dental airways shipping elementary legal law",
		"aviation air aerospace rail railways telecom telecoms mining steel chemicals automotive engineering construction properties estates finance financial securities investments brewing brewery maritime marine transport cargo electronics semiconductors apparel cosmetics beverages publishing pictures productions realty utilities",
		"textiles fabrics ceramics plastics metals materials supplies products goods furnishings graphics optics fisheries farms dairies bakeries wines spirits",
		"haulage removals lettings couriers plumbing roofing joinery catering cleaning printing recruitment staffing hospitality storage packaging furniture flooring glazing landscaping surveying architecture marketing advertising accountancy accounting payroll pensions lending mortgages developments",
		"books toys tools shoes flowers gifts crafts antiques records bikes cycles kitchens bathrooms windows carpets tiles cakes")

	// orgFirsts are first words of a business's name written as in much
	// of the world: "Hotel Sacher", "Museo Larco", "Gasthaus Adler".
	orgFirsts = words("hotel hostel motel cafe restaurant ristorante museum museo musée hospital clinic clinica klinik gallery galleria theatre teatro theater")
	// orgHeads are last words of an organization's name.
	// memberHeads are the organisations one belongs to rather than
	// works at (not clubs, unions or associations, which employ people
	// too).
	memberHeads = words("party band choir orchestra ensemble troupe coalition fraternity sorority congregation")
	// tradePlurals close a firm's name after its owner's ("Penhallow
	// Builders", "Garrick Solicitors"): no person's surname.
	tradePlurals = words("builders plumbers electricians roofers joiners decorators solicitors accountants architects surveyors caterers florists contractors landscapers cleaners removals glaziers carpenters opticians printers developers consultants associates partners brothers")
	orgHeads     = words("university college school academy institute hospital clinic surgery practice bank foundation church airlines airline agency bureau department ministry council committee club team party union league band choir orchestra federation coalition studio studios restaurant cafe bakery hotel store shop market library museum center centre society association network press times gazette herald chronicle tribune courier trust fund alliance initiative cooperative collective")

	// placeFirsts are first words of a place's name ("Lake Union").
	placeFirsts = words("lake mount mt. port fort cape isle")

	// placeHeads are last words of a place's name.
	placeHeads = words("city town village street st. avenue ave ave. road rd rd. lane row close crescent terrace mews gardens drive wharf quay boulevard park lake river mountain mountains mount mt. beach island islands county state province valley bay ocean sea bridge square canyon falls desert coast peninsula harbor harbour heights hills springs")

	// places is a small gazetteer of countries, regions and large cities.
	places = words(
		"usa us u.s. u.s.a. uk u.k. america canada mexico brazil argentina chile peru colombia england scotland wales ireland",
		"france germany spain portugal italy netherlands belgium switzerland austria sweden norway denmark finland iceland poland greece turkey russia ukraine",
		"china japan korea india pakistan thailand vietnam singapore malaysia indonesia philippines australia zealand morocco kenya nigeria israel jordan iran iraq",
		"europe asia africa antarctica california texas florida ohio oregon washington nevada arizona utah georgia virginia carolina michigan illinois",
		"massachusetts pennsylvania jersey york minnesota wisconsin iowa missouri tennessee kentucky alabama louisiana hawaii alaska maine vermont idaho montana",
		"london paris berlin madrid rome milan barcelona lisbon amsterdam brussels vienna prague budapest warsaw dublin edinburgh stockholm oslo copenhagen helsinki athens istanbul moscow",
		"tokyo kyoto osaka seoul beijing shanghai hong kong taipei bangkok delhi mumbai bangalore dubai cairo nairobi lagos sydney melbourne toronto vancouver",
		"boston chicago seattle portland denver austin dallas houston atlanta miami orlando phoenix detroit philadelphia pittsburgh baltimore nashville sf nyc la",
		"brooklyn manhattan queens bronx hollywood berkeley oakland sacramento diego francisco jose vegas angeles",
	)

	// firstNames is a small list of common given names, a weak cue for
	// Person.
	firstNames = words(
		"alice ann bob carol dave david emma emily frank grace henry isabel jack james jane john kate laura linda lisa mark mary michael",
		"nancy paul peter rachel robert sarah samuel susan thomas tom william anna ben chris daniel eric george hannah",
		"jennifer jessica joe joseph julia karen kevin liam lucy matt matthew mia noah nick oliver rebecca richard ryan sophia steve",
		"steven tim tony victor zoe amy anne brian charlie claire dan ella ethan fiona helen ian jake jason jenny josh",
		"kelly leo luke maria max mike natalie nina oscar patrick rose ruth sean simon sophie tyler vanessa wendy adam",
		"ashley beth carlos chloe derek dylan elena evan gabriel ivan jacob jordan julian kim lily lucas marco maya mason",
		"nathan omar priya raj rosa sara sofia tara theo vera yuki zara ali ahmed mohammed fatima wei li chen mei hiro kenji",
	)

	// idNouns name what an identifier identifies ("order 88412").
	idNouns = words("order orders invoice invoices ticket tickets e-ticket eticket booking bookings reservation case account sku item reference ref confirmation tracking shipment parcel package claim policy contract subscription membership")

	// apptNouns are appointments, examinations and treatments.
	apptNouns = words("appointment appointments mri scan x-ray xray ultrasound checkup check-up cleaning consultation consult exam examination surgery operation procedure test tests session therapy vaccination vaccine physio biopsy colonoscopy mammogram filling extraction")

	// petNouns are kinds of pet.
	petNouns = words("dog dogs puppy cat cats kitten kitty hamster parrot rabbit bunny bird fish turtle horse pony lizard snake guinea-pig ferret gecko")

	// jobHeads are head nouns of job titles.
	jobHeads = words(
		"engineer developer programmer designer architect scientist researcher analyst consultant manager director",
		"nurse doctor physician surgeon dentist pharmacist therapist psychologist teacher professor lecturer tutor student",
		"lawyer attorney accountant banker broker agent clerk cashier chef cook baker waiter waitress bartender barista",
		"author journalist editor artist musician photographer actor actress dancer singer pilot driver mechanic",
		"electrician plumber carpenter farmer firefighter officer soldier veteran ceo cto cfo founder cofounder co-founder",
		"intern assistant secretary receptionist librarian salesperson marketer recruiter administrator coordinator",
		"supervisor executive vp president specialist technician paramedic vet veterinarian freelancer contractor",
		"midwife radiologist cardiologist dermatologist surgeon physiotherapist hygienist fisherman fisher carpenter welder",
		"economist statistician actuary auditor underwriter strategist planner producer composer designer illustrator",
		"lead head principal partner associate officer representative rep advisor adviser counsel clerk caretaker nanny",
	)

	// junkHeads are nouns too vague to be an entity ("I love it").
	junkHeads = words(
		"it this that these those them one ones thing things stuff lot lots bit way ways time times idea ideas fact",
		"someone somebody something anything everything nothing anyone everyone anybody everybody all none part kind sort",
		"place places here there too much more most less well so very really how what which who whom myself yourself",
		"him her me you us they he she we i himself herself ourselves themselves",
	)

	// determiners are skipped before a noun phrase.
	determiners = words("a an the some any this that these those another")

	// npStop ends a common noun phrase.
	npStop = words(
		"and or but so because since although though while when where why how what which who whom whose that if then than",
		"to of in on at by for with from into onto about as like near after before during until till over under between through",
		"is are was were be been am do does did have has had will would can could should may might must not",
		"a an the this these those my your his her our their its i you he she we they it me him us them",
		"very really too also just still now today yesterday tomorrow ago last next ever never always again anymore",
		"specifically especially lately recently better more most best least already actually much anyway though instead",
		"either neither whatever whenever so-called such",
	)

	// demonstratives introduce a thing of the conversation ("I like those
	// tips"), not a lasting preference or possession.
	demonstratives = words("this that these those")

	// acronymStop are all-caps tokens that are not names.
	acronymStop = words("i ok okay am pm a.m. p.m. asap fyi btw lol omg imo imho tbh eta faq diy aka etc tv id pdf url usb ai")
)

// peoplesWords are the adjectives of peoples and languages that capStop
// holds.
const peoplesWords = "english spanish french german italian chinese japanese korean russian portuguese arabic hindi american british canadian mexican indian european asian african"

// isCapStop reports whether a capitalized word is never a name by itself.
func isCapStop(lower string) bool {
	return capStop.has(lower)
}

// init adds to firstNames the given names of the gazetteer (nlp's
// names.txt, about 5,300 names in six languages) that no dictionary
// knows as another word: "Dorothea" and "Bram" are names wherever they
// stand, "Rose", "Will", "Grant" and "Phoebe" (a bird) are left to their
// context, as the words of the small list above were.
func init() {
	for _, w := range nlp.GivenNames() {
		if capStop.has(w) || interjections.has(w) || sentenceStarters.has(w) || nlp.IsVerb(w) || nlp.IsAdjective(w) || nlp.IsNoun(w) {
			continue
		}
		firstNames[w] = struct{}{}
	}
}
