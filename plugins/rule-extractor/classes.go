package main

import (
	"slices"
	"strings"
	"unicode"

	"github.com/mnemohq/mnemo/plugins/rule-extractor/nlp"
)

// The lexicon of relation classes. A clause's verb is a lemma, a particle
// and a voice; its arguments are a subject, a direct object, phrases
// after prepositions and a role ("as head coach"). A frame says which of
// them make which relation, and whether the clause states the relation,
// starts it, ends it or is an event of it; the kinds of the object choose
// among the frames of one verb ("left Acme" ends a job, "left Oslo" a
// home). Exclusivity (one employer at a time) belongs to the class
// (relClasses), so every verb of a class invalidates the same way. A verb
// with no frame still gives a fact: an open relation named after the verb
// (SPONSORS, VOTES_FOR).

// frame is one way a verb expresses a relation class.
type frame struct {
	// verb is the lemma and particle ("move out"); pass matches the
	// passive voice ("was founded by").
	verb string
	pass bool
	// prep is the preposition of the relation's object ("" for the direct
	// object, "as" for a role); props are the prepositions it may take,
	// separated by "|".
	prep string
	// kinds the object must be (any when empty).
	kinds []kind
	// known is set when a name of unknown kind does not fit: "works
	// with Ines" makes a colleague only of a known person.
	known bool
	class string
	role  temporal
	// inverse frames have the object as the relation's source ("hired
	// Dana": Dana works at the subject).
	inverse bool
	// obj, when set, are the head nouns the direct object must have for a
	// frame whose relation's object follows a preposition ("moved her
	// practice to St. Luke's").
	obj string
	// subj, when set, is the only kind of subject the frame takes
	// ("Acme bought Helix": a company buys a company).
	subj kind
	// fromPrep frames run the relation from the preposition's object to
	// the direct object ("sold Brødhus to Nordic Bake Group").
	fromPrep bool
	// also is a second relation the frame states, with its role
	// ("graduated from" ends the studies).
	also     string
	alsoRole temporal
	// shows is set when the verb alone shows the object's kind, so that
	// a word of no known kind that is no common noun fits ("was
	// prescribed Dulvera": a drug; "was prescribed rest": not one).
	shows bool
	// named frames take a subject that is a name, not a common noun
	// ("the garden was started by Ann": not "the fire was started by").
	named bool
	// prog frames hold only in the progressive ("is seeing Ann" dates
	// her; "saw Ann" does not).
	prog bool
	// asRole frames hold only with a role after "as" ("joined the
	// University of Otago as professor": a job, where "joined the
	// university" may be a student's).
	asRole bool
}

// Kinds of object for frames.
var (
	kPlace  = []kind{kindLocation}
	kOrg    = []kind{kindOrg}
	kPerson = []kind{kindPerson}
	kTeam   = []kind{kindTeam}
	kDrug   = []kind{kindDrug}
	kPlan   = []kind{kindPlan}
	kVax    = []kind{kindVaccine}
	kOrgish = []kind{kindOrg, kindTeam, kindNone}
	// kOrgNamed is an organisation or a team only: one steps down from a
	// ladder too.
	kOrgNamed = []kind{kindOrg, kindTeam}
	// kThing is what one owns: a product, or a thing of no known kind.
	kThing = []kind{kindProduct, kindNone}
	// kProduct is a made thing only: a verb as wide as "get" owns no
	// word of unknown kind.
	kProduct = []kind{kindProduct}
	kWork    = []kind{kindWork}
	// kFounder are the kinds of one who starts something.
	kFounder = []kind{kindPerson, kindOrg, kindNone}
	// kEmployer are the kinds named as a place of work after "moved to".
	kEmployer = []kind{kindOrg, kindSchool}
	// kPostAt are the kinds where one takes up a post: a school as well
	// as an organisation ("accepted a professorship at the University of
	// Tartu").
	kPostAt = []kind{kindOrg, kindTeam, kindSchool, kindNone}
	// homeNouns are dwellings: renting or owning one in a place is
	// living there; unitNouns are parts of an organisation.
	homeNouns = words("place flat apartment house home room condo studio bungalow cottage loft townhouse")
	// seatNouns are where an organisation is based: moving one moves
	// the organisation.
	seatNouns = words("headquarters hq head office offices base")
	// degreeNouns are what one holds from a school.
	degreeNouns = words("degree diploma phd doctorate masters master's master bachelors bachelor's bachelor mba msc bsc ma ba llb certificate undergrad undergraduate postgrad postgraduate")
	// employerNouns are common nouns of an employer ("joined a startup",
	// "works for a charity").
	employerNouns = words("company firm agency startup start-up organisation organization charity nonprofit non-profit hospital school university college council ministry department bank employer business corporation group")
	// businessNouns are what one starts as a business of one's own.
	businessNouns = words("company business firm startup start-up agency consultancy practice studio label brand shop store restaurant cafe bar brewery charity nonprofit")
	unitNouns     = words("team department group division lab unit office desk squad practice clinic project program programme",
		"sales marketing engineering finance operations product design research support legal communications partnerships procurement")
)

// frames is the lexicon, by verb; within a verb the first frame whose
// preposition and kinds fit wins.
var frames = indexFrames([]frame{
	// Where an organisation is based: "is headquartered in Oslo",
	// "moved our headquarters from Leeds to Sheffield".
	{verb: "headquarter", pass: true, prep: "in|at", class: "BASED_IN", role: tState},
	{verb: "base", pass: true, prep: "in|out of", subj: kindOrg, class: "BASED_IN", role: tState},
	{verb: "locate", pass: true, prep: "in|at", subj: kindOrg, class: "BASED_IN", role: tState},
	// "transferred her savings from Northvale Bank to Crestmoor",
	// "moved our pension to Halden Life": a customer's money leaves one
	// provider for another.
	{verb: "transfer", obj: "@funds", prep: "to|into", kinds: kOrgish, class: "CUSTOMER_OF", role: tStart},
	{verb: "move", obj: "@funds", prep: "to|into", kinds: kOrgish, class: "CUSTOMER_OF", role: tStart},
	{verb: "switch", obj: "@funds", prep: "to", kinds: kOrgish, class: "CUSTOMER_OF", role: tStart},
	{verb: "transfer", obj: "@funds", prep: "from|out of", kinds: kOrgish, class: "CUSTOMER_OF", role: tEnd},
	{verb: "move", obj: "@funds", prep: "from|out of", kinds: kOrgish, class: "CUSTOMER_OF", role: tEnd},
	{verb: "switch", obj: "@funds", prep: "from", kinds: kOrgish, class: "CUSTOMER_OF", role: tEnd},
	{verb: "move", obj: "@seat", prep: "to|into", class: "BASED_IN", role: tStart},
	{verb: "relocate", obj: "@seat", prep: "to|into", class: "BASED_IN", role: tStart},
	{verb: "move", obj: "@seat", prep: "from|out of", class: "BASED_IN", role: tEnd},
	{verb: "relocate", obj: "@seat", prep: "from|out of", class: "BASED_IN", role: tEnd},
	{verb: "relocate", prep: "to", subj: kindOrg, class: "BASED_IN", role: tStart},
	{verb: "move", prep: "to", subj: kindOrg, kinds: []kind{kindLocation, kindNone}, class: "BASED_IN", role: tStart},
	// A gathering that moves changes its venue; "is moving to" says
	// where it will be held from now, not a plan for later.
	{verb: "move", prep: "to", subj: kindEvent, prog: true, class: "HELD_AT", role: tState},
	{verb: "move", prep: "to", subj: kindEvent, class: "HELD_AT", role: tStart},
	{verb: "relocate", prep: "to", subj: kindEvent, class: "HELD_AT", role: tStart},
	{verb: "relocate", prep: "from", subj: kindOrg, class: "BASED_IN", role: tEnd},

	// Home.
	{verb: "live", prep: "in|at", class: "LIVES_IN", role: tState},
	{verb: "reside", prep: "in|at", class: "LIVES_IN", role: tState},
	{verb: "base", pass: true, prep: "in|out of", class: "LIVES_IN", role: tState},
	{verb: "settle", prep: "in", class: "LIVES_IN", role: tStart},
	{verb: "settle down", prep: "in", class: "LIVES_IN", role: tStart},
	// "moved to the fraud team", "moved from Dorrow United": a team is
	// joined or left, as "join" and "leave" say, and is no home.
	{verb: "move", prep: "to|into", kinds: kTeam, class: "PLAYS_FOR", role: tStart},
	{verb: "move", prep: "from", kinds: kTeam, class: "PLAYS_FOR", role: tEnd},
	{verb: "move", prep: "to|into", kinds: []kind{kindLocation, kindNone}, class: "LIVES_IN", role: tStart},
	{verb: "move back", prep: "to|into", class: "LIVES_IN", role: tStart},
	{verb: "relocate", prep: "to", class: "LIVES_IN", role: tStart},
	{verb: "emigrate", prep: "to", class: "LIVES_IN", role: tStart},
	{verb: "immigrate", prep: "to", class: "LIVES_IN", role: tStart},
	// "retired to Cape Coast": one retires to a place one then lives in.
	{verb: "retire", prep: "to", kinds: []kind{kindLocation, kindNone}, class: "LIVES_IN", role: tStart},
	// "moved to Dunmore College", "transferred from Pell University": to
	// or from an employer.
	{verb: "move", prep: "to", kinds: kEmployer, class: "WORKS_AT", role: tStart},
	{verb: "move", prep: "from", kinds: kEmployer, class: "WORKS_AT", role: tEnd},
	{verb: "transfer", prep: "to", kinds: kEmployer, class: "WORKS_AT", role: tStart},
	// "was transferred, seconded, posted or assigned to the Leeds office
	// of Calloway": working there from then.
	{verb: "transfer", pass: true, prep: "to", kinds: kEmployer, class: "WORKS_AT", role: tStart},
	{verb: "second", pass: true, prep: "to", kinds: kEmployer, class: "WORKS_AT", role: tStart},
	{verb: "post", pass: true, prep: "to", kinds: kEmployer, class: "WORKS_AT", role: tStart},
	{verb: "assign", pass: true, prep: "to", kinds: kEmployer, class: "WORKS_AT", role: tStart},
	{verb: "transfer", prep: "from", kinds: kEmployer, class: "WORKS_AT", role: tEnd},
	{verb: "move", prep: "from", kinds: kPlan, class: "ON_PLAN", role: tEnd, inverse: true},
	{verb: "move", prep: "from", kinds: []kind{kindLocation, kindNone}, class: "LIVES_IN", role: tEnd},
	{verb: "relocate", prep: "from", class: "LIVES_IN", role: tEnd},
	{verb: "move out", prep: "of|from", class: "LIVES_IN", role: tEnd},
	{verb: "move away", prep: "from", class: "LIVES_IN", role: tEnd},
	{verb: "rent", obj: "@home", prep: "in|on", class: "LIVES_IN", role: tState},
	// "we're renting in Tarnwell": one's home is there.
	{verb: "rent", prep: "in", kinds: kPlace, known: true, class: "LIVES_IN", role: tState},
	{verb: "share", obj: "@home", prep: "in|on", class: "LIVES_IN", role: tState},
	{verb: "share", obj: "@home", prep: "with", kinds: kPerson, class: "LIVES_WITH", role: tState},
	{verb: "own", obj: "@home", prep: "in|on", class: "LIVES_IN", role: tState},
	{verb: "have", obj: "@home", prep: "in|on", class: "LIVES_IN", role: tState},
	{verb: "buy", obj: "@home", prep: "in|on", class: "LIVES_IN", role: tStart},
	{verb: "grow up", prep: "in", class: "GREW_UP_IN", role: tEvent},
	{verb: "bear", pass: true, prep: "in", kinds: kPlace, class: "BORN_IN", role: tEvent},
	{verb: "come", prep: "from", kinds: kPlace, class: "IS_FROM", role: tTrait},

	// Work.
	{verb: "work", prep: "with|alongside", kinds: []kind{kindPerson}, known: true, class: "COLLEAGUE_OF", role: tState},
	{verb: "work", prep: "at|for|with|in", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "work", prep: "as", class: "HAS_JOB_TITLE", role: tState},
	{verb: "serve", prep: "as", class: "HAS_JOB_TITLE", role: tState},
	// "continues as chair" ("stays on as" and "remains as" are read as
	// the copulas they are).
	{verb: "continue", prep: "as", class: "HAS_JOB_TITLE", role: tState},
	{verb: "intern", prep: "at|with", class: "WORKS_AT", role: tState},
	// Volunteering is no job: it holds beside one.
	{verb: "volunteer", prep: "at|with|for|in", class: "VOLUNTEERS_AT", role: tState},
	{verb: "teach", prep: "at", class: "WORKS_AT", role: tState},
	{verb: "lecture", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "employ", pass: true, prep: "by|at", class: "WORKS_AT", role: tState},
	{verb: "employ", kinds: kPerson, class: "WORKS_AT", role: tState, inverse: true},
	// "joined Ironside Gym", "joined the library": a member, no job.
	{verb: "join", obj: "gym library union society association cooperative co-op", class: "MEMBER_OF", role: tStart},
	// "joined a book club called Page Turners": a club or a group that is
	// no team is one's to belong to, no employer.
	{verb: "join", obj: "club group community circle network forum", kinds: []kind{kindOrg, kindNone}, class: "MEMBER_OF", role: tStart},
	{verb: "join", kinds: []kind{kindOrg, kindNone}, class: "WORKS_AT", role: tStart},
	{verb: "join", kinds: []kind{kindSchool}, class: "WORKS_AT", role: tStart, asRole: true},
	{verb: "start", obj: "grade school kindergarten preschool nursery college university classes class studies course degree year semester term", prep: "at|in", class: "STUDIES_AT", role: tStart},
	// "started her master's in marine biology at Dunmore University":
	// "in" names the field; a programme is one of study at a school.
	{verb: "start", obj: "masters master phd doctorate mba msc ma bsc ba diploma", prep: "at", class: "STUDIES_AT", role: tStart},
	{verb: "start", obj: "programme program", prep: "at", kinds: []kind{kindSchool, kindOrg}, class: "STUDIES_AT", role: tStart},
	{verb: "start", prep: "at|with", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	{verb: "begin", prep: "at|with", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	// "moved on from Quillary to Garrick Haulage": a career's move, no
	// home.
	{verb: "move on", prep: "from", kinds: kOrgish, class: "WORKS_AT", role: tEnd},
	{verb: "move on", prep: "to", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	{verb: "start", prep: "as", class: "HAS_JOB_TITLE", role: tStart},
	{verb: "hire", pass: true, prep: "by|at", class: "WORKS_AT", role: tStart},
	{verb: "hire", kinds: kPerson, class: "WORKS_AT", role: tStart, inverse: true},
	{verb: "recruit", pass: true, prep: "by|to", class: "WORKS_AT", role: tStart},
	{verb: "quit", kinds: kOrgish, class: "WORKS_AT", role: tEnd},
	{verb: "leave", kinds: kOrgish, class: "WORKS_AT", role: tEnd},
	{verb: "leave", prep: "for", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	{verb: "leave", kinds: kPlace, class: "LIVES_IN", role: tEnd},
	{verb: "move", obj: "practice office clinic business surgery studio shop", prep: "to", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	// "took a job with Brightline", "accepted a lectureship at Dunmore".
	{verb: "take", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	{verb: "take up", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	{verb: "accept", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	{verb: "land", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	{verb: "get", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	{verb: "secure", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	{verb: "find", obj: "@post", prep: "at|with|in", kinds: kPostAt, class: "WORKS_AT", role: tStart},
	// "going in-house at Norrland Energy": a lawyer's or an
	// accountant's move from a firm to a client's own staff.
	{verb: "go", obj: "in-house", prep: "at|with|to", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	{verb: "belong", prep: "to", kinds: kOrgish, class: "MEMBER_OF", role: tState},
	{verb: "resign", prep: "from", class: "WORKS_AT", role: tEnd},
	// "stepped down from the Rockets", "stood aside from the board".
	{verb: "step down", prep: "from", kinds: kOrgNamed, class: "WORKS_AT", role: tEnd},
	{verb: "step aside", prep: "from", kinds: kOrgNamed, class: "WORKS_AT", role: tEnd},
	{verb: "stand down", prep: "from", kinds: kOrgNamed, class: "WORKS_AT", role: tEnd},
	{verb: "stand aside", prep: "from", kinds: kOrgNamed, class: "WORKS_AT", role: tEnd},
	// "gave notice to Acme", "gave my notice at Halvorsen".
	{verb: "give", obj: "notice", prep: "at|to", kinds: kOrgish, class: "WORKS_AT", role: tEnd},
	{verb: "retire", prep: "from", kinds: []kind{kindOrg, kindTeam, kindSchool}, class: "WORKS_AT", role: tEnd},
	{verb: "lay off", pass: true, prep: "by|from", class: "WORKS_AT", role: tEnd},
	{verb: "fire", pass: true, prep: "by|from", class: "WORKS_AT", role: tEnd},
	{verb: "let go", pass: true, prep: "by|from", class: "WORKS_AT", role: tEnd},
	{verb: "lay off", kinds: kPerson, class: "WORKS_AT", role: tEnd, inverse: true},
	{verb: "fire", kinds: kPerson, class: "WORKS_AT", role: tEnd, inverse: true},
	{verb: "sack", pass: true, prep: "by|from", class: "WORKS_AT", role: tEnd},
	{verb: "sack", kinds: kPerson, class: "WORKS_AT", role: tEnd, inverse: true},
	{verb: "dismiss", pass: true, prep: "by|from", class: "WORKS_AT", role: tEnd},
	// "was made redundant by Quillary".
	{verb: "make", pass: true, obj: "redundant", prep: "by|at|from", class: "WORKS_AT", role: tEnd},
	{verb: "dismiss", kinds: kPerson, class: "WORKS_AT", role: tEnd, inverse: true},
	{verb: "hand in", prep: "at|to", class: "WORKS_AT", role: tEnd},
	{verb: "promote", pass: true, prep: "to|as", class: "HAS_JOB_TITLE", role: tStart},
	{verb: "appoint", pass: true, prep: "as|to", class: "HAS_JOB_TITLE", role: tStart},
	{verb: "name", pass: true, prep: "as", class: "HAS_JOB_TITLE", role: tStart},
	{verb: "lead", obj: "@unit", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "run", obj: "@unit", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "head", obj: "@unit", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "manage", obj: "@unit", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "join", obj: "@unit", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tStart},
	{verb: "leave", obj: "@unit", prep: "at|in", kinds: kOrgish, class: "WORKS_AT", role: tEnd},
	{verb: "report", prep: "to", kinds: kPerson, class: "REPORTS_TO", role: tState},
	{verb: "manage", kinds: kPerson, class: "MANAGER_OF", role: tState},
	// "Tove and Arne run Holmvik Logistics", "she heads Tillbury Foods": an
	// organisation one runs; a unit of it is a job there (above).
	{verb: "run", kinds: []kind{kindOrg, kindTeam}, class: "RUNS", role: tState},
	{verb: "head", kinds: []kind{kindOrg, kindTeam}, class: "RUNS", role: tState},
	{verb: "lead", kinds: []kind{kindOrg, kindTeam}, class: "RUNS", role: tState},
	// "took the helm at Sarita Textiles", "took over the reins of", "took
	// charge of Brackley Rovers": a team taken in hand is coached.
	{verb: "take", obj: "helm reins charge", prep: "at|of", kinds: kTeam, known: true, class: "COACHES", role: tStart},
	{verb: "take over", obj: "helm reins charge", prep: "at|of", kinds: kTeam, known: true, class: "COACHES", role: tStart},
	{verb: "take", obj: "helm reins charge", prep: "at|of", kinds: kOrgish, class: "RUNS", role: tStart},
	{verb: "take over", obj: "helm reins charge", prep: "at|of", kinds: kOrgish, class: "RUNS", role: tStart},
	{verb: "manage", kinds: kOrg, class: "RUNS", role: tState},
	{verb: "supervise", kinds: kPerson, class: "MANAGER_OF", role: tState},
	// Making a work: "Ingunn Lade wrote The Silent Orchard", "was painted
	// by Sigvald Rask" (a work and its maker in one phrase: works.go).
	{verb: "write", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "paint", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "compose", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "direct", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "illustrate", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "author", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "pen", kinds: kWork, class: "CREATED", role: tTrait},
	{verb: "write", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "paint", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "compose", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "direct", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "illustrate", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "sculpt", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "author", pass: true, prep: "by", class: "CREATED", role: tTrait, inverse: true, named: true},
	{verb: "found", class: "FOUNDED", role: tEvent},
	{verb: "cofound", class: "FOUNDED", role: tEvent},
	{verb: "co-found", class: "FOUNDED", role: tEvent},
	{verb: "establish", kinds: kOrgish, class: "FOUNDED", role: tEvent},
	{verb: "found", pass: true, prep: "by", class: "FOUNDED", role: tEvent, inverse: true},
	{verb: "cofound", pass: true, prep: "by", class: "FOUNDED", role: tEvent, inverse: true},
	{verb: "co-found", pass: true, prep: "by", class: "FOUNDED", role: tEvent, inverse: true},
	{verb: "establish", pass: true, prep: "by", class: "FOUNDED", role: tEvent, inverse: true},
	{verb: "start", pass: true, prep: "by", kinds: kFounder, class: "FOUNDED", role: tEvent, inverse: true, named: true},
	{verb: "set up", pass: true, prep: "by", kinds: kFounder, class: "FOUNDED", role: tEvent, inverse: true, named: true},
	{verb: "set up", kinds: kOrg, class: "FOUNDED", role: tEvent},
	// "started my own brewery, Crumb & Co", "launched a startup, Lumen
	// Health": a business begun is founded ("started Year 7" is not).
	{verb: "start", obj: "@business", kinds: kOrgish, class: "FOUNDED", role: tEvent},
	{verb: "launch", obj: "@business", kinds: kOrgish, class: "FOUNDED", role: tEvent},
	{verb: "join", prep: "board of", class: "BOARD_MEMBER_OF", role: tStart},
	{verb: "sit", prep: "on board of", class: "BOARD_MEMBER_OF", role: tState},
	{verb: "serve", prep: "on board of", class: "BOARD_MEMBER_OF", role: tState},
	{verb: "resign", prep: "from board of", class: "BOARD_MEMBER_OF", role: tEnd},
	{verb: "step down", prep: "from board of", class: "BOARD_MEMBER_OF", role: tEnd},
	{verb: "leave", prep: "board of", class: "BOARD_MEMBER_OF", role: tEnd},
	{verb: "retire", prep: "from board of", class: "BOARD_MEMBER_OF", role: tEnd},
	{verb: "represent", class: "REPRESENTS", role: tState},
	{verb: "represent", pass: true, prep: "by", class: "REPRESENTS", role: tState, inverse: true},
	// An elected seat: "was elected for Eastgate ward", "elected to the
	// town council", "resigned her seat for Eastgate" or "on the council".
	{verb: "elect", pass: true, prep: "for", kinds: kPlace, class: "REPRESENTS", role: tStart},
	{verb: "elect", pass: true, prep: "to", kinds: kOrgish, class: "MEMBER_OF", role: tStart},
	{verb: "resign", obj: "seat", prep: "for", kinds: kPlace, class: "REPRESENTS", role: tEnd},
	{verb: "resign", obj: "seat", prep: "on", kinds: kOrgish, class: "MEMBER_OF", role: tEnd},
	{verb: "lose", obj: "seat", prep: "for", kinds: kPlace, class: "REPRESENTS", role: tEnd},
	{verb: "lose", obj: "seat", prep: "on", kinds: kOrgish, class: "MEMBER_OF", role: tEnd},
	{verb: "win", obj: "seat", prep: "for", kinds: kPlace, class: "REPRESENTS", role: tStart},
	{verb: "win", obj: "seat", prep: "on", kinds: kOrgish, class: "MEMBER_OF", role: tStart},

	// Sport.
	{verb: "play", prep: "for|with|at|in", kinds: []kind{kindOrg, kindTeam}, class: "PLAYS_FOR", role: tState},
	{verb: "sign", prep: "for|with", kinds: []kind{kindOrg, kindTeam}, class: "PLAYS_FOR", role: tStart},
	// "Corvel Athletic signed Ravi Anand from Dorrow United": he plays
	// for the one and no longer for the other.
	{verb: "sign", kinds: kPerson, subj: kindTeam, class: "PLAYS_FOR", role: tStart, inverse: true},
	{verb: "sign", prep: "from", kinds: kTeam, subj: kindTeam, class: "PLAYS_FOR", role: tEnd, inverse: true},
	{verb: "sign", pass: true, prep: "by", kinds: kTeam, class: "PLAYS_FOR", role: tStart},
	// "Garrick Athletic released Brannoc": a club lets a player go.
	{verb: "release", kinds: kPerson, subj: kindTeam, class: "PLAYS_FOR", role: tEnd, inverse: true},
	{verb: "release", pass: true, prep: "by", kinds: kTeam, class: "PLAYS_FOR", role: tEnd},
	{verb: "join", kinds: kTeam, class: "PLAYS_FOR", role: tStart},
	{verb: "leave", kinds: kTeam, class: "PLAYS_FOR", role: tEnd},
	{verb: "transfer", pass: true, prep: "to", kinds: kTeam, class: "PLAYS_FOR", role: tStart},
	{verb: "transfer", obj: "@person", subj: kindTeam, class: "PLAYS_FOR", role: tEnd, inverse: true},
	{verb: "transfer", obj: "@person", prep: "to", kinds: kOrgish, subj: kindTeam, class: "PLAYS_FOR", role: tStart, inverse: true},
	// "coaches the under-14 team at Ashgrove Hockey Club": a unit of
	// the club; "now coaches at Ashgrove".
	// "has chaired the Chess Circle since 2019": the organisation has
	// the subject as its chair.
	{verb: "chair", kinds: kOrgish, class: "HAS_CHAIR", role: tState, inverse: true},
	{verb: "coach", obj: "@unit", prep: "at|in|for|with", kinds: kOrgish, class: "COACHES", role: tState},
	{verb: "coach", prep: "at|for|with", kinds: []kind{kindOrg, kindTeam, kindSchool, kindNone}, class: "COACHES", role: tState},
	{verb: "coach", class: "COACHES", role: tState},
	{verb: "train", kinds: kTeam, class: "COACHES", role: tState},
	{verb: "manage", kinds: kTeam, class: "COACHES", role: tState},

	// Companies.
	{verb: "acquire", kinds: kOrgish, class: "ACQUIRED", role: tEvent},
	{verb: "take over", kinds: kOrgish, class: "ACQUIRED", role: tEvent},
	{verb: "buy", kinds: kOrg, subj: kindOrg, class: "ACQUIRED", role: tEvent},
	{verb: "purchase", kinds: kOrg, subj: kindOrg, class: "ACQUIRED", role: tEvent},
	{verb: "acquire", pass: true, prep: "by", class: "ACQUIRED", role: tEvent, inverse: true},
	{verb: "buy", pass: true, prep: "by", class: "ACQUIRED", role: tEvent, inverse: true},
	{verb: "purchase", pass: true, prep: "by", class: "ACQUIRED", role: tEvent, inverse: true},
	{verb: "take over", pass: true, prep: "by", class: "ACQUIRED", role: tEvent, inverse: true},

	// Partners and people.
	{verb: "marry", kinds: kPerson, class: "MARRIED_TO", role: tStart},
	{verb: "marry", pass: true, prep: "to", class: "MARRIED_TO", role: tState},
	{verb: "wed", kinds: kPerson, class: "MARRIED_TO", role: tStart},
	{verb: "divorce", kinds: kPerson, class: "MARRIED_TO", role: tEnd},
	{verb: "divorce", pass: true, prep: "from", class: "MARRIED_TO", role: tEnd},
	{verb: "separate", prep: "from", class: "MARRIED_TO", role: tEnd},
	{verb: "engage", pass: true, prep: "to", class: "ENGAGED_TO", role: tState},
	{verb: "date", kinds: kPerson, class: "IS_DATING", role: tState},
	{verb: "go out", prep: "with", kinds: kPerson, class: "IS_DATING", role: tState},
	{verb: "see", kinds: kPerson, class: "IS_DATING", role: tState, prog: true},
	{verb: "break up", prep: "with", class: "IS_DATING", role: tEnd},
	{verb: "split up", prep: "with", class: "IS_DATING", role: tEnd},
	{verb: "dump", kinds: kPerson, class: "IS_DATING", role: tEnd},
	{verb: "end", prep: "with", obj: "it things relationship everything", kinds: kPerson, class: "IS_DATING", role: tEnd},
	{verb: "break off", prep: "with", obj: "it things relationship everything", kinds: kPerson, class: "IS_DATING", role: tEnd},
	{verb: "break", prep: "with", kinds: kPerson, class: "IS_DATING", role: tEnd},
	{verb: "meet", kinds: []kind{kindPerson, kindNone}, class: "MET", role: tEvent},
	// "I raised her by myself": a parent, or one who stood for one.
	{verb: "raise", kinds: kPerson, class: "PARENT_OF", role: tTrait},
	{verb: "bring up", kinds: kPerson, class: "PARENT_OF", role: tTrait},
	{verb: "live", prep: "with", kinds: kPerson, class: "LIVES_WITH", role: tState},
	{verb: "move in", prep: "with", kinds: kPerson, class: "LIVES_WITH", role: tStart},
	{verb: "move out", class: "LIVES_WITH", role: tEnd},

	// Likes.
	{verb: "like", class: "LIKES", role: tTrait},
	{verb: "love", class: "LOVES", role: tTrait},
	{verb: "adore", class: "LOVES", role: tTrait},
	{verb: "attract", pass: true, prep: "to", class: "LIKES", role: tTrait},
	{verb: "enjoy", class: "ENJOYS", role: tTrait},
	{verb: "prefer", class: "PREFERS", role: tTrait},
	{verb: "hate", class: "HATES", role: tTrait},
	{verb: "detest", class: "HATES", role: tTrait},
	{verb: "dislike", class: "DISLIKES", role: tTrait},

	// Things.
	{verb: "own", class: "OWNS", role: tState},
	// "I've been using my Fitbit Charge 3 for nine months", "I use
	// Quillary Books for my accounts": a product or a service one uses.
	{verb: "use", kinds: []kind{kindProduct, kindOrg, kindNone}, class: "USES", role: tState},
	{verb: "buy", class: "OWNS", role: tStart},
	{verb: "purchase", class: "OWNS", role: tStart},
	// "just got a new kettle", "received a bike for my birthday",
	// "picked up a racket at Quillary": a made thing got is owned from
	// then (a cold, a call or a job got is no thing one owns).
	{verb: "get", kinds: kProduct, class: "OWNS", role: tStart},
	{verb: "receive", kinds: kProduct, class: "OWNS", role: tStart},
	{verb: "pick up", kinds: kProduct, class: "OWNS", role: tStart},
	// "Kessington Rovers sold Ife Adeyemi to Port Vale": a club sells a
	// player, who plays for the buyer and no longer for the seller.
	{verb: "sell", obj: "@person", subj: kindTeam, class: "PLAYS_FOR", role: tEnd, inverse: true},
	{verb: "sell", obj: "@person", prep: "to", kinds: kOrgish, subj: kindTeam, class: "PLAYS_FOR", role: tStart, inverse: true},
	{verb: "sell", prep: "to", kinds: kOrgish, subj: kindOrg, class: "ACQUIRED", role: tEvent, fromPrep: true},
	// "Lorcan sold Brannock Motors to Maeve": she owns it from then; his
	// ownership ends (the next frame, read as well).
	{verb: "sell", prep: "to", class: "OWNS", role: tStart, fromPrep: true, also: "OWNS", alsoRole: tEnd},
	{verb: "sell", class: "OWNS", role: tEnd},
	{verb: "sell", pass: true, prep: "to", kinds: kOrgish, subj: kindPerson, class: "PLAYS_FOR", role: tStart},
	{verb: "sell", pass: true, prep: "to", kinds: kOrgish, subj: kindOrg, class: "ACQUIRED", role: tEvent, inverse: true},
	// "traded in the Civic for a hatchback", "exchanged my bike for a
	// kayak": what is given is no longer owned, what is got is.
	// A club trades a player as it sells one ("the Tigers traded Kofi
	// Mensah to the Lions").
	{verb: "trade", obj: "@person", subj: kindTeam, class: "PLAYS_FOR", role: tEnd, inverse: true},
	{verb: "trade", obj: "@person", prep: "to", kinds: kOrgish, subj: kindTeam, class: "PLAYS_FOR", role: tStart, inverse: true},
	{verb: "trade in", kinds: kThing, class: "OWNS", role: tEnd},
	{verb: "get rid", prep: "of", kinds: kThing, class: "OWNS", role: tEnd},
	{verb: "trade in", prep: "for", kinds: kThing, class: "OWNS", role: tStart},
	{verb: "trade", kinds: kThing, known: true, class: "OWNS", role: tEnd},
	{verb: "trade", prep: "for", kinds: kThing, known: true, class: "OWNS", role: tStart},
	{verb: "exchange", kinds: kThing, class: "OWNS", role: tEnd},
	{verb: "exchange", prep: "for", kinds: kThing, class: "OWNS", role: tStart},
	{verb: "drive", kinds: []kind{kindProduct, kindNone}, class: "DRIVES", role: tState},
	{verb: "adopt", kinds: []kind{kindPet}, class: "HAS_PET", role: tStart},
	{verb: "order", class: "ORDERED", role: tEvent},
	// A stay or a table one has booked; an appointment is above.
	{verb: "book", obj: "room table flight ticket stay seat place cabin suite villa apartment", prep: "at|with|in", class: "BOOKED", role: tStart},
	// "booked a flight to Fenlow for Saturday": a journey booked to a
	// place.
	{verb: "book", obj: "flight flights ticket tickets trip holiday cruise train ferry", prep: "to", kinds: kPlace, class: "BOOKED_TRAVEL_TO", role: tEvent},
	{verb: "book", kinds: []kind{kindOrg, kindLocation}, class: "BOOKED", role: tStart},
	{verb: "reserve", obj: "room table seat place cabin suite", prep: "at|with|in", class: "BOOKED", role: tStart},
	{verb: "reserve", kinds: []kind{kindOrg, kindLocation}, class: "BOOKED", role: tStart},

	// Health.
	{verb: "take", kinds: kDrug, class: "TAKES_MEDICATION", role: tState},
	{verb: "start", prep: "on", kinds: kDrug, class: "TAKES_MEDICATION", role: tStart, inverse: true},
	{verb: "put", prep: "on", kinds: kDrug, class: "TAKES_MEDICATION", role: tStart, inverse: true},
	{verb: "put", pass: true, prep: "on", kinds: kDrug, class: "TAKES_MEDICATION", role: tStart},
	{verb: "start", pass: true, prep: "on", kinds: kDrug, class: "TAKES_MEDICATION", role: tStart},
	// "my GP took me off lisinopril", "I was taken off it", "I came off
	// sertraline".
	{verb: "take", prep: "off", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd, inverse: true},
	{verb: "take", pass: true, prep: "off", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "come", prep: "off", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "switch", pass: true, prep: "to", kinds: kDrug, class: relSwitchedMedication, role: tStart},
	{verb: "switch", pass: true, prep: "from", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "switch", prep: "to", kinds: kDrug, class: relSwitchedMedication, role: tStart, inverse: true},
	{verb: "switch", prep: "from", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd, inverse: true},
	{verb: "start", kinds: kDrug, class: "TAKES_MEDICATION", role: tStart},
	{verb: "stop", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "take off", prep: "", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "come off", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	// "finished with sertraline", "tapered off the prednisolone".
	{verb: "finish", prep: "with", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	// "finished the course of amoxicillin", "completed the antibiotics":
	// a course taken to its end.
	{verb: "finish", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "complete", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "taper", prep: "off", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "taper off", kinds: kDrug, class: "TAKES_MEDICATION", role: tEnd},
	{verb: "prescribe", kinds: kDrug, class: "TAKES_MEDICATION", role: tStart, inverse: true},
	{verb: "prescribe", pass: true, kinds: kDrug, shows: true, class: "TAKES_MEDICATION", role: tStart},
	{verb: "receive", kinds: kVax, class: "RECEIVED_VACCINE", role: tEvent},
	{verb: "get", kinds: kVax, class: "RECEIVED_VACCINE", role: tEvent},
	// "was given the RSV vaccine": the subject of the passive receives it.
	{verb: "give", pass: true, kinds: kVax, class: "RECEIVED_VACCINE", role: tEvent},
	// "Influenza vaccine administered to Mateo": the one it is given to
	// receives it.
	{verb: "administer", pass: true, prep: "to", subj: kindVaccine, class: "RECEIVED_VACCINE", role: tEvent, inverse: true},
	{verb: "give", pass: true, prep: "to", subj: kindVaccine, class: "RECEIVED_VACCINE", role: tEvent, inverse: true},
	{verb: "have", kinds: kVax, class: "RECEIVED_VACCINE", role: tEvent},
	{verb: "vaccinate", pass: true, prep: "against|with|for", class: "RECEIVED_VACCINE", role: tEvent},
	{verb: "diagnose", pass: true, prep: "with", class: "DIAGNOSED_WITH", role: tEvent},
	// A stay in hospital, and a practice one is a patient of: one at a
	// time, begun by an admission or a registration, ended by a
	// discharge or by registering elsewhere.
	{verb: "admit", pass: true, prep: "to|into", kinds: kOrgish, class: "PATIENT_AT", role: tStart},
	{verb: "admit", prep: "to|into", kinds: kOrgish, class: "PATIENT_AT", role: tStart, inverse: true},
	{verb: "discharge", pass: true, prep: "from", kinds: kOrgish, class: "PATIENT_AT", role: tEnd},
	{verb: "discharge", prep: "from", kinds: kOrgish, class: "PATIENT_AT", role: tEnd, inverse: true},
	{verb: "register", prep: "with|at", kinds: kOrgish, class: "REGISTERED_WITH", role: tStart},
	{verb: "register", pass: true, prep: "with|at", kinds: kOrgish, class: "REGISTERED_WITH", role: tStart},
	{verb: "have", obj: "@appt", prep: "at", class: "HAD_APPOINTMENT_AT", role: tEvent},
	{verb: "get", obj: "@appt", prep: "at", class: "HAD_APPOINTMENT_AT", role: tEvent},
	{verb: "have", obj: "@appt", prep: "with", class: "HAS_APPOINTMENT_WITH", role: tEvent},
	{verb: "book", obj: "@appt", prep: "with|at", class: "HAS_APPOINTMENT_WITH", role: tEvent},
	{verb: "schedule", obj: "@appt", prep: "with|at", class: "HAS_APPOINTMENT_WITH", role: tEvent},

	// Where an event is held: one venue at a time.
	{verb: "take", obj: "place", prep: "at", class: "HELD_AT", role: tState},
	{verb: "hold", pass: true, prep: "at", class: "HELD_AT", role: tState},
	{verb: "host", pass: true, prep: "at", class: "HELD_AT", role: tState},

	// Plans and subscriptions.
	{verb: "subscribe", prep: "to", class: "ON_PLAN", role: tStart},
	{verb: "sign up", prep: "for|to", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "sign up", prep: "for|to|with", class: "SUBSCRIBED_TO", role: tStart},
	// Inverse: the direct object, when there is one, changes plan ("can
	// you upgrade me to Pro?", "support moved her to the Family tier");
	// else the subject does ("I upgraded to Pro").
	{verb: "upgrade", prep: "to", class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "downgrade", prep: "to", class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "switch", prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "switch", prep: "from", kinds: kPlan, class: "ON_PLAN", role: tEnd, inverse: true},
	// "dropped down to the Solo plan", "went up to Premium", "bumped
	// me up to the Family tier": a move between plans.
	{verb: "drop", prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "go", prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "step", prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "bump", prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "drop", prep: "from", kinds: kPlan, class: "ON_PLAN", role: tEnd, inverse: true},
	{verb: "go", prep: "from", kinds: kPlan, class: "ON_PLAN", role: tEnd, inverse: true},
	// A provider left or chosen: an insurer, a bank or any other, by
	// its name (providerClass).
	{verb: "switch", prep: "from", kinds: []kind{kindOrg}, class: "CUSTOMER_OF", role: tEnd, inverse: true},
	{verb: "switch", prep: "to", kinds: []kind{kindOrg}, class: "CUSTOMER_OF", role: tStart, inverse: true},
	{verb: "insure", pass: true, prep: "with|by|through", kinds: kOrgish, class: "INSURED_WITH", role: tState},
	{verb: "move", prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart, inverse: true},
	{verb: "upgrade", prep: "from", class: "ON_PLAN", role: tEnd, inverse: true},
	{verb: "downgrade", prep: "from", class: "ON_PLAN", role: tEnd, inverse: true},
	{verb: "cancel", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "come", prep: "off", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	// A plan given up for another: "ditched her Premium subscription
	// for the free tier", "dropped the Family plan".
	{verb: "drop", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "ditch", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "quit", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "end", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "give up", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "drop", prep: "for", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "ditch", prep: "for", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "give up", prep: "for", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "trade", prep: "for", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "trade", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "pay", prep: "for", kinds: kPlan, class: "ON_PLAN", role: tState},
	// Passive: the subject is moved to another plan ("was moved from
	// the Family tier to the Individual tier").
	{verb: "move", pass: true, prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "move", pass: true, prep: "from", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "switch", pass: true, prep: "to", kinds: kPlan, class: "ON_PLAN", role: tStart},
	{verb: "switch", pass: true, prep: "from", kinds: kPlan, class: "ON_PLAN", role: tEnd},
	{verb: "upgrade", pass: true, prep: "to", class: "ON_PLAN", role: tStart},
	{verb: "upgrade", pass: true, prep: "from", class: "ON_PLAN", role: tEnd},
	{verb: "downgrade", pass: true, prep: "to", class: "ON_PLAN", role: tStart},
	{verb: "downgrade", pass: true, prep: "from", class: "ON_PLAN", role: tEnd},

	// School.
	{verb: "study", prep: "at|in", kinds: []kind{kindOrg, kindTeam, kindSchool, kindNone}, class: "STUDIES_AT", role: tState},
	// "doing an MSc at Tarnwell University"; "in Marine Biology" is its
	// field, "in Oslo" a known school's town.
	{verb: "do", obj: "@degree", prep: "at", class: "STUDIES_AT", role: tState},
	{verb: "do", obj: "@degree", prep: "in", kinds: []kind{kindSchool, kindOrg, kindLocation}, known: true, class: "STUDIES_AT", role: tState},
	{verb: "spend", obj: "year years month months decade decades season seasons", prep: "at|with", kinds: kTeam, known: true, class: "PLAYS_FOR", role: tState},
	{verb: "spend", obj: "year years month months decade decades season seasons", prep: "at|with", kinds: kOrgish, class: "WORKS_AT", role: tState},
	{verb: "enroll", prep: "at|in", class: "STUDIES_AT", role: tStart},
	{verb: "enrol", prep: "at|in", class: "STUDIES_AT", role: tStart},
	{verb: "enroll", pass: true, prep: "at|in", class: "STUDIES_AT", role: tState},
	{verb: "enrol", pass: true, prep: "at|in", class: "STUDIES_AT", role: tState},
	{verb: "attend", kinds: []kind{kindSchool}, class: "STUDIES_AT", role: tState},
	{verb: "graduate", prep: "from", class: "GRADUATED_FROM", role: tEvent, also: "STUDIES_AT", alsoRole: tEnd},
	{verb: "drop out", prep: "of", kinds: []kind{kindOrg, kindSchool, kindNone}, class: "STUDIES_AT", role: tEnd},
	// "holds a PhD in chemistry from Arden University": a degree from a
	// school is a graduation from it.
	{verb: "hold", obj: "@degree", prep: "from", class: "GRADUATED_FROM", role: tEvent},
	{verb: "have", obj: "@degree", prep: "from", class: "GRADUATED_FROM", role: tEvent},
	{verb: "earn", obj: "@degree", prep: "from|at", class: "GRADUATED_FROM", role: tEvent},
	{verb: "get", obj: "@degree", prep: "from|at", class: "GRADUATED_FROM", role: tEvent},
	{verb: "receive", obj: "@degree", prep: "from|at", class: "GRADUATED_FROM", role: tEvent},
	{verb: "obtain", obj: "@degree", prep: "from|at", class: "GRADUATED_FROM", role: tEvent},
	{verb: "complete", obj: "@degree", prep: "at|from", class: "GRADUATED_FROM", role: tEvent, also: "STUDIES_AT", alsoRole: tEnd},
	{verb: "finish", obj: "@degree", prep: "at|from", class: "GRADUATED_FROM", role: tEvent, also: "STUDIES_AT", alsoRole: tEnd},
	// "finished her course at Tarnwell College": the studies end, no
	// degree said.
	{verb: "finish", obj: "course studies training apprenticeship", prep: "at|with", class: "STUDIES_AT", role: tEnd},
	{verb: "complete", obj: "course studies training apprenticeship", prep: "at|with", class: "STUDIES_AT", role: tEnd},
	{verb: "study", class: "STUDIES", role: tTrait},
	{verb: "attend", class: "ATTENDED", role: tEvent},
	// "just came back from Vesna's engagement party", "got back from
	// Tarnwell": one back from an event was at it, from a place was
	// there.
	{verb: "come back", prep: "from", kinds: []kind{kindEvent}, class: "ATTENDED", role: tEvent},
	{verb: "get back", prep: "from", kinds: []kind{kindEvent}, class: "ATTENDED", role: tEvent},
	{verb: "return", prep: "from", kinds: []kind{kindEvent}, class: "ATTENDED", role: tEvent},
	{verb: "come back", prep: "from", kinds: kPlace, known: true, class: "TRAVELED_TO", role: tEvent},
	{verb: "get back", prep: "from", kinds: kPlace, known: true, class: "TRAVELED_TO", role: tEvent},
	{verb: "return", prep: "from", kinds: kPlace, known: true, class: "TRAVELED_TO", role: tEvent},

	// A flight's or a train's route: "flight FN 2210 now departs Oslo
	// for Akureyri", "the 07:12 goes to Leeds".
	{verb: "depart", prep: "for|to", subj: kindIdentifier, class: "DESTINATION", role: tState},
	{verb: "depart", prep: "from", subj: kindIdentifier, class: "ORIGIN", role: tState},
	{verb: "depart", kinds: []kind{kindLocation, kindNone}, subj: kindIdentifier, class: "ORIGIN", role: tState},
	{verb: "leave", prep: "for", subj: kindIdentifier, class: "DESTINATION", role: tState},
	{verb: "leave", prep: "from", subj: kindIdentifier, class: "ORIGIN", role: tState},
	{verb: "fly", prep: "to|into", subj: kindIdentifier, class: "DESTINATION", role: tState},
	{verb: "fly", prep: "from|out of", subj: kindIdentifier, class: "ORIGIN", role: tState},
	{verb: "go", prep: "to", subj: kindIdentifier, class: "DESTINATION", role: tState},
	{verb: "arrive", prep: "in|at|into", subj: kindIdentifier, class: "DESTINATION", role: tState},
	{verb: "land", prep: "in|at", subj: kindIdentifier, class: "DESTINATION", role: tState},

	// Travel.
	{verb: "visit", class: "VISITED", role: tEvent},
	{verb: "travel", prep: "to", class: "TRAVELED_TO", role: tEvent},
	{verb: "fly", prep: "to", class: "TRAVELED_TO", role: tEvent},
	// "Eli now goes to Maple Hill School": a pupil's school.
	{verb: "go", prep: "to", kinds: []kind{kindSchool}, known: true, class: "STUDIES_AT", role: tState},
	{verb: "go", prep: "to", kinds: kPlace, class: "TRAVELED_TO", role: tEvent},
	// "went to Vesna's engagement party": an occasion gone to is
	// attended.
	{verb: "go", prep: "to", kinds: []kind{kindEvent}, class: "ATTENDED", role: tEvent},
	// "went to Castlegate Imaging for a knee MRI": a visit to a named
	// organisation (a school gone to is studied at, above).
	{verb: "go", prep: "to", kinds: kOrg, class: "VISITED", role: tEvent},
})

// indexFrames indexes the lexicon by verb, in order.
// verbSynonyms are verbs that say what another says, with frames of
// their own for what only they say: a verb's frames are its own, then
// its synonym's ("relocated her practice to", "begins his studies at").
var verbSynonyms = map[string]string{"relocate": "move", "begin": "start", "commence": "start", "change": "switch", "swap": "switch", "discontinue": "stop", "cease": "stop", "initiate": "start", "resume": "start"}

// framesOf returns a verb's frames and its synonym's: first the
// synonym's that need an object noun of their own ("moved her practice
// to"), which are narrower than any, then the verb's, then the rest.
func framesOf(verb string) []frame {
	if _, ok := frames[verb]; !ok {
		// "co-owns", "re-joined": the verb's own frames, shared or
		// done again.
		for _, p := range []string{"co-", "re-"} {
			if rest, ok := strings.CutPrefix(verb, p); ok {
				return framesOf(rest)
			}
		}
	}
	syn, ok := verbSynonyms[verb]
	if !ok {
		return frames[verb]
	}
	var fs []frame
	for _, f := range frames[syn] {
		if f.obj != "" {
			fs = append(fs, f)
		}
	}
	fs = append(fs, frames[verb]...)
	for _, f := range frames[syn] {
		if f.obj == "" {
			fs = append(fs, f)
		}
	}
	return fs
}

func indexFrames(fs []frame) map[string][]frame {
	m := map[string][]frame{}
	for _, f := range fs {
		m[f.verb] = append(m[f.verb], f)
	}
	return m
}

// fits reports whether an object of kind k fits the frame. A name of
// unknown kind fits every frame but those of medicines, vaccines and
// plans, which need the thing's kind ("started Acme" is no drug); the
// first of a verb's frames wins. A common noun of unknown kind fits only
// frames that take one.
func (f *frame) fits(k kind, name bool) bool {
	if len(f.kinds) == 0 {
		return true
	}
	if k == kindNone && name {
		if f.known {
			return false
		}
		for _, w := range f.kinds {
			if w == kindDrug || w == kindVaccine || w == kindPlan {
				return false
			}
		}
		return true
	}
	for _, w := range f.kinds {
		if w == k {
			return true
		}
	}
	return false
}

// fitsRef reports whether the frame takes r as its object, of kind k.
func (f *frame) fitsRef(k kind, r ref) bool {
	if k == kindDate && len(f.kinds) == 0 && personTies.has(f.class) {
		// A home, a job or a club is no time: "I live on coffee in exam
		// season" names no home.
		return false
	}
	if f.shows && k == kindNone && r.det == "" && !nlp.IsNoun(strings.ToLower(r.name)) {
		return true
	}
	if slices.Equal(f.kinds, kProduct) && (k == kindNone || k == kindEvent) && newThing(r.name) {
		// "got my new phone case": what is got new is a thing, whatever
		// the first sense of its noun ("case", an instance).
		return true
	}
	if f.class == "WORKS_AT" && noEmployer(r, k) {
		// "working with a dataset", "working in the industry", "a
		// project for my class": a common noun one works at is an
		// employer's only when it names one.
		return false
	}
	if k == kindNone && slices.Equal(f.kinds, kDrug) && unknownLowerWord(r) {
		// "I take tamsulopine": a generic drug's name is written in
		// lower case, and the dictionary knows the everyday words one
		// takes or starts.
		return true
	}
	if k == kindNone && len(f.kinds) > 0 && !slices.Contains(f.kinds, kindPerson) && oneGivenName(r.name) {
		// "Ingunn left Sigvald": a given name alone names someone, no
		// firm, team or place.
		return false
	}
	// A name is written with a capital: a bare common noun ("plays in
	// goal") is no name of unknown kind.
	return f.fits(k, r.det == "" && r.name != "" && !unicode.IsLower([]rune(r.name)[0]))
}

// newThing reports whether name is "new" and a noun of a thing one can
// own: "new phone case", "new novel", not "new boss", "new puppy" or
// "new job" (an act in WordNet, and a post).
func newThing(name string) bool {
	rest, ok := strings.CutPrefix(strings.ToLower(name), "new ")
	if !ok || rest == "" {
		return false
	}
	head := nlp.Lemma(rest[strings.LastIndexByte(rest, ' ')+1:], "NN")
	lex, _, known := nlp.Noun(head)
	return known && !unheldThings[lex] && !postNoun(head)
}

// unheldThings are WordNet's files of nouns no one owns: people and
// animals (had, not owned), groups, and what is done, known, felt or
// been ("a new job", "a new skill", "a new habit").
var unheldThings = map[nlp.LexFile]bool{nlp.NounPerson: true, nlp.NounAnimal: true, nlp.NounGroup: true, nlp.NounAct: true, nlp.NounAttribute: true, nlp.NounCognition: true, nlp.NounFeeling: true, nlp.NounState: true}

// unknownLowerWord reports whether r is one lower-case word of six
// letters or more that WordNet knows as neither noun nor verb, in any
// inflection.
func unknownLowerWord(r ref) bool {
	w := r.name
	if r.det != "" || len(w) < 6 || strings.ToLower(w) != w {
		return false
	}
	for _, c := range w {
		if c < 'a' || c > 'z' {
			return false
		}
	}
	// A plural or a verb's third person is known by its lemma
	// ("collections", "deliveries").
	return !nlp.IsNoun(w) && !nlp.IsVerb(w) && !nlp.IsNoun(nlp.Lemma(w, "NNS")) && !nlp.IsVerb(nlp.Lemma(w, "VBZ"))
}

// takes reports whether the frame takes its object after preposition p
// ("" for the direct object).
func (f *frame) takes(p string) bool {
	if f.prep == "" {
		return p == ""
	}
	for _, q := range strings.Split(f.prep, "|") {
		if q == p {
			return true
		}
	}
	return false
}

// reciprocal verbs relate the subjects of a coordination to each other
// when they have no object ("Noor and I got married").
var reciprocal = map[string]struct {
	class string
	role  temporal
}{
	"marry": {"MARRIED_TO", tStart}, "wed": {"MARRIED_TO", tStart}, "divorce": {"MARRIED_TO", tEnd},
	"separate": {"MARRIED_TO", tEnd}, "engage": {"ENGAGED_TO", tStart}, "date": {"IS_DATING", tState},
	"break up": {"IS_DATING", tEnd}, "split up": {"IS_DATING", tEnd}, "split": {"IS_DATING", tEnd},
	"go out": {"IS_DATING", tState}, "meet": {"MET", tEvent},
}

// Aspectual verbs before a gerund: "stopped taking" ends what "taking"
// states, "started coaching" begins it.
var aspectRoles = map[string]temporal{
	"stop": tEnd, "quit": tEnd, "cease": tEnd, "finish": tEnd,
	"start": tStart, "begin": tStart, "resume": tStart,
}

// linking verbs take a complement as "be" does.
var linking = words("be become remain stay")

// startLinking are the linking verbs that start what their complement
// states ("became CEO").
var startLinking = words("become")

// successionVerbs give the subject the role the direct object held.
var successionVerbs = words("succeed replace")

// classKinds are the kinds a relation class implies for its object.
var classKinds = map[string]kind{
	"LIVES_IN": kindLocation, "WORKS_AT": kindOrg, "STUDIES_AT": kindOrg, "GRADUATED_FROM": kindOrg, "BORN_IN": kindLocation,
	"GREW_UP_IN": kindLocation, "IS_FROM": kindLocation, "PLAYS_FOR": kindOrg, "COACHES": kindOrg, "ACQUIRED": kindOrg,
	"FOUNDED": kindOrg, "MARRIED_TO": kindPerson, "ENGAGED_TO": kindPerson, "IS_DATING": kindPerson, "REPORTS_TO": kindPerson,
	"MANAGER_OF": kindPerson, "TAKES_MEDICATION": kindDrug, relSwitchedMedication: kindDrug, "RECEIVED_VACCINE": kindVaccine,
	"ON_PLAN": kindPlan, "HAS_PET": kindPet, "VISITED": kindLocation, "TRAVELED_TO": kindLocation, "OWNS": kindProduct, "DRIVES": kindProduct,
}

// subjFits reports whether the clause's subject is of the kind a frame
// asks for. A team is an organisation to the registry, so a frame asking
// for a team takes an organisation whose name is a team's.
func (sc *sentCtx) subjFits(f *frame, subj ref) bool {
	switch k := sc.kindOf(subj); {
	case f.subj == kindNone || k == f.subj:
		return true
	case f.subj == kindTeam:
		return (k == kindOrg || k == kindNone) && teamName(subj.name)
	case f.subj == kindIdentifier:
		// "FN 2210", "KL1422": a flight's code.
		f := strings.Fields(subj.name)
		return k == kindNone && (len(f) == 1 && codeShaped(f[0]) || len(f) == 2 && isNumber(f[1]) && strings.ToUpper(f[0]) == f[0])
	}
	return false
}

// objFits reports whether the clause's direct object fits a frame that
// constrains it.
func (sc *sentCtx) objFits(f *frame, c *nlp.Clause) bool {
	if f.obj == "" {
		return true
	}
	if c.Obj.None() {
		return false
	}
	head := sc.headWord(c.Obj.Phrase)
	switch f.obj {
	case "@appt":
		return apptNouns.has(head) || apptNouns.has(sc.toks[sc.p.Phrases[c.Obj.Phrase].Head].lower)
	case "@home":
		return homeNouns.has(head)
	case "@seat":
		return seatNouns.has(head)
	case "@unit":
		return unitNouns.has(head) || unitNouns.has(sc.toks[sc.p.Phrases[c.Obj.Phrase].Head].lower)
	case "@degree":
		return degreeNouns.has(head) || sc.nounKind(sc.p.Phrases[c.Obj.Phrase].Head) == kindDegree
	case "@post":
		return postNoun(head)
	case "@funds":
		return fundNouns.has(head)
	case "@business":
		business := func(pi int) bool {
			p := sc.p.Phrases[pi]
			return businessNouns.has(sc.headWord(pi)) || p.Head > p.Start && sc.toks[p.Head-1].lower == "own" && sc.nounKind(p.Head) != kindPerson
		}
		// The noun the name stands beside: "my own brewery, Crumb & Co".
		if st := sc.p.Phrases[c.Obj.Phrase].Start; st > 0 && sc.toks[st-1].text == "," {
			if q := sc.p.PhraseEndingAt(st - 1); q >= 0 && business(q) {
				return true
			}
		}
		return business(c.Obj.Phrase)
	case "@person":
		r := sc.phraseRef(c.Obj.Phrase, false)
		// A person's full name, though the slot before took it for a
		// thing ("sold Ravi Anand": owned, as "sold Helix" would be).
		k := sc.kindOf(r)
		return r.name != "" && (k == kindPerson || personLike(r.name) && (k == kindNone || k == kindProduct))
	}
	// The head as written or as its lemma ("studies": study).
	word := sc.toks[sc.p.Phrases[c.Obj.Phrase].Head].lower
	return strings.Contains(" "+f.obj+" ", " "+head+" ") || strings.Contains(" "+f.obj+" ", " "+word+" ")
}

// fundNouns are what a customer keeps with a provider and takes to
// another: money, accounts, policies.
var fundNouns = words("saving savings account money fund funds pension mortgage deposit isa banking insurance policy portfolio investment investments")

// humanSubjects are the classes only a person is the subject of: their
// subject is a person when nothing else told its kind.
var humanSubjects = words("BORN_IN STUDIES_AT STUDIES GRADUATED_FROM MARRIED_TO ENGAGED_TO DIVORCED_FROM DATING HAS_JOB_TITLE")

// oneGivenName reports whether name is one word, a given name that names
// no known place ("Sigvald"; not "Jordan" or "Victoria").
func oneGivenName(name string) bool {
	w := strings.ToLower(name)
	return name != "" && !strings.ContainsAny(name, " -") && givenWord(w) && !places.has(w)
}

// noEmployer reports whether r, of kind k, is a common noun that names
// no employer: "a dataset", "the industry", "my Data Mining class".
func noEmployer(r ref, k kind) bool {
	last := lastWord(r.name)
	if last == "" || k != kindNone && !(k == kindOrg && r.str < strCue) {
		return false
	}
	if workObjects.has(last) {
		return true
	}
	return unicode.IsLower([]rune(r.name)[0]) && !employerNouns.has(last) && !businessNouns.has(last) && !orgCommonNouns.has(last) && !unitNouns.has(last)
}

// workObjects are what one works on or for that is no employer, even
// named: "my Data Mining class".
var workObjects = words("class course project dataset data industry field sector assignment thesis dissertation paper task")

// lastWord returns the last word of a name.
func lastWord(name string) string {
	if i := strings.LastIndexByte(name, ' '); i >= 0 {
		return name[i+1:]
	}
	return name
}
