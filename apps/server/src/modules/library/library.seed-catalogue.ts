// The shelves of the demo library: each subject area owns its topics, and each topic owns its
// titles with their authors, publisher and year. A book takes its subjects from where it is
// listed (its topic and its area), so a title cannot be filed under a subject it does not belong to.

/**
 * Publishers and the ISBN-13 prefix (EAN prefix, registration group and registrant) their books
 * get, so a book's ISBN names its publisher. The demo ISBNs are valid but not the real ones.
 */
export const PUBLISHER_PREFIX = {
  'Pearson Education': '97893325',
  'McGraw Hill Education': '97893392',
  'Wiley India': '97881265',
  'PHI Learning': '97881203',
  'Oxford University Press': '978019',
  'Cambridge University Press': '9781107',
  'Cengage Learning': '97881315',
  Elsevier: '9780123',
  Springer: '9783319',
  'MIT Press': '9780262',
  "O'Reilly Media": '9781491',
  'No Starch Press': '9781593',
  'Khanna Publishers': '978817409',
  'New Age International': '97881224',
  'S. Chand Publishing': '97881219',
  'Laxmi Publications': '97881318',
  'Universities Press': '978817371',
  'BPB Publications': '978818333',
  'Narosa Publishing House': '978817319',
  'Dhanpat Rai Publishing Company': '978938446',
  'Standard Publishers Distributors': '978818014',
  'Charotar Publishing House': '978938035',
  'Nem Chand & Bros': '978818525',
  "UBS Publishers' Distributors": '978817476',
  'Sultan Chand & Sons': '978818054',
  'Vikas Publishing House': '97881259',
  'Himalaya Publishing House': '978935273',
  'East-West Press': '978817671',
  'Media Promoters & Publishers': '978818534',
  'Penram International': '978818746',
  'Vishal Publishing Co.': '978938858',
  'Bharati Bhawan': '978817709',
  'Rastogi Publications': '978817133',
  'Oxford & IBH Publishing': '978812040',
  'W. H. Freeman': '9781464',
  'Garland Science': '9780815',
  'Cold Spring Harbor Laboratory Press': '9780879',
  'Wellesley-Cambridge Press': '9780980',
  'Palgrave Macmillan': '9781137',
  'Horwood Publishing': '9781898',
  'Penguin Books': '9780140',
  'Indian Thought Publications': '978818552',
  'Sahitya Akademi': '978812602',
  'Sterling Publishers': '978812073',
  LexisNexis: '978818038',
} as const;
export type Publisher = keyof typeof PUBLISHER_PREFIX;

/** A title on a shelf: its title, its authors ('; ' between names), publisher and year of the edition held. */
export type Title = readonly [title: string, authors: string, publisher: Publisher, year: number];

/**
 * A finer subject inside an area: the tags its books carry and the demo titles filed under it.
 * `firstYear` topics are taught to every branch in the first year; the library holds more copies.
 */
export type Topic = { readonly tags: readonly string[]; readonly firstYear?: boolean; readonly titles: readonly Title[] };

/**
 * A subject area, the shelf of one department: the subject every book in it carries, the
 * department whose students read it most, the publishers its synthetic books use, its share of a
 * synthetic catalogue (CS and the core branches hold most titles, as in a real college library)
 * and its topics.
 */
export type SubjectArea = {
  readonly subject: string;
  readonly department: string;
  readonly publishers: readonly Publisher[];
  readonly weight: number;
  readonly topics: Readonly<Record<string, Topic>>;
};

export const SUBJECT_AREAS: readonly SubjectArea[] = [
  {
    subject: 'Computer Science',
    department: 'Computer Science and Engineering',
    publishers: ['Pearson Education', 'McGraw Hill Education', 'Wiley India', 'PHI Learning', 'Cengage Learning', 'Oxford University Press', 'Elsevier', 'MIT Press', "O'Reilly Media", 'BPB Publications'],
    weight: 16,
    topics: {
      'Programming in C': {
        tags: ['programming', 'lab'],
        firstYear: true,
        titles: [
          ['Let Us C', 'Yashavant Kanetkar', 'BPB Publications', 2020],
          ['Programming in ANSI C', 'E. Balagurusamy', 'McGraw Hill Education', 2019],
          ['The C Programming Language', 'Brian W. Kernighan; Dennis M. Ritchie', 'Pearson Education', 2015],
          ["Schaum's Outline of Programming with C", 'Byron S. Gottfried', 'McGraw Hill Education', 2018],
        ],
      },
      'Object-Oriented Programming': {
        tags: ['programming', 'core'],
        titles: [
          ['Object Oriented Programming with C++', 'E. Balagurusamy', 'McGraw Hill Education', 2020],
          ['The C++ Programming Language', 'Bjarne Stroustrup', 'Pearson Education', 2013],
          ['Java: The Complete Reference', 'Herbert Schildt', 'McGraw Hill Education', 2018],
          ['Core Java, Volume I: Fundamentals', 'Cay S. Horstmann', 'Pearson Education', 2019],
          ['Head First Java', 'Kathy Sierra; Bert Bates', "O'Reilly Media", 2005],
          ['Effective Java', 'Joshua Bloch', 'Pearson Education', 2018],
        ],
      },
      'Data Structures': {
        tags: ['core', 'gate', 'programming'],
        titles: [
          ['Data Structures and Algorithms', 'Alfred V. Aho; John E. Hopcroft; Jeffrey D. Ullman', 'Pearson Education', 2002],
          ['Data Structures Using C', 'Reema Thareja', 'Oxford University Press', 2014],
          ['Data Structures and Algorithm Analysis in C', 'Mark Allen Weiss', 'Pearson Education', 2002],
          ['Classic Data Structures', 'D. Samanta', 'PHI Learning', 2009],
        ],
      },
      Algorithms: {
        tags: ['core', 'gate'],
        titles: [
          ['Introduction to Algorithms', 'Thomas H. Cormen; Charles E. Leiserson; Ronald L. Rivest; Clifford Stein', 'PHI Learning', 2010],
          ['Fundamentals of Computer Algorithms', 'Ellis Horowitz; Sartaj Sahni; S. Rajasekaran', 'Universities Press', 2008],
          ['Algorithm Design', 'Jon Kleinberg; Éva Tardos', 'Pearson Education', 2013],
        ],
      },
      'Operating Systems': {
        tags: ['core', 'gate'],
        titles: [
          ['Operating Systems', 'Achyut S. Godbole; Atul Kahate', 'McGraw Hill Education', 2010],
          ['Operating System Concepts', 'Abraham Silberschatz; Peter B. Galvin; Greg Gagne', 'Wiley India', 2018],
          ['Modern Operating Systems', 'Andrew S. Tanenbaum; Herbert Bos', 'Pearson Education', 2016],
          ['Operating Systems: Internals and Design Principles', 'William Stallings', 'Pearson Education', 2018],
        ],
      },
      'Computer Networks': {
        tags: ['core', 'gate'],
        titles: [
          ['Computer Networks', 'Andrew S. Tanenbaum; David J. Wetherall', 'Pearson Education', 2013],
          ['Data Communications and Networking', 'Behrouz A. Forouzan', 'McGraw Hill Education', 2017],
          ['Computer Networking: A Top-Down Approach', 'James F. Kurose; Keith W. Ross', 'Pearson Education', 2017],
          ['Computer Networks: A Systems Approach', 'Larry L. Peterson; Bruce S. Davie', 'Elsevier', 2011],
        ],
      },
      'Database Systems': {
        tags: ['core', 'gate'],
        titles: [
          ['Database System Concepts', 'Abraham Silberschatz; Henry F. Korth; S. Sudarshan', 'McGraw Hill Education', 2021],
          ['Fundamentals of Database Systems', 'Ramez Elmasri; Shamkant B. Navathe', 'Pearson Education', 2016],
          ['Database Management Systems', 'Raghu Ramakrishnan; Johannes Gehrke', 'McGraw Hill Education', 2014],
        ],
      },
      'Theory of Computation': {
        tags: ['core', 'gate'],
        titles: [
          ['Introduction to the Theory of Computation', 'Michael Sipser', 'Cengage Learning', 2014],
          ['Introduction to Automata Theory, Languages, and Computation', 'John E. Hopcroft; Rajeev Motwani; Jeffrey D. Ullman', 'Pearson Education', 2008],
          ['Theory of Computer Science: Automata, Languages and Computation', 'K. L. P. Mishra; N. Chandrasekaran', 'PHI Learning', 2006],
        ],
      },
      'Compiler Design': {
        tags: ['core', 'gate'],
        titles: [
          ['Compilers: Principles, Techniques, and Tools', 'Alfred V. Aho; Monica S. Lam; Ravi Sethi; Jeffrey D. Ullman', 'Pearson Education', 2013],
          ['Engineering a Compiler', 'Keith D. Cooper; Linda Torczon', 'Elsevier', 2012],
        ],
      },
      'Computer Organization and Architecture': {
        tags: ['core', 'gate'],
        titles: [
          ['Computer Organization and Design', 'David A. Patterson; John L. Hennessy', 'Elsevier', 2014],
          ['Computer System Architecture', 'M. Morris Mano', 'Pearson Education', 2017],
          ['Computer Organization', 'Carl Hamacher; Zvonko Vranesic; Safwat Zaky', 'McGraw Hill Education', 2011],
        ],
      },
      'Software Engineering': {
        tags: ['core'],
        titles: [
          ['Software Engineering', 'Ian Sommerville', 'Pearson Education', 2017],
          ["Software Engineering: A Practitioner's Approach", 'Roger S. Pressman; Bruce R. Maxim', 'McGraw Hill Education', 2019],
          ['An Integrated Approach to Software Engineering', 'Pankaj Jalote', 'Narosa Publishing House', 2005],
        ],
      },
      'Artificial Intelligence': {
        tags: ['elective'],
        titles: [
          ['Artificial Intelligence: A Modern Approach', 'Stuart Russell; Peter Norvig', 'Pearson Education', 2022],
          ['Artificial Intelligence', 'Elaine Rich; Kevin Knight; Shivashankar B. Nair', 'McGraw Hill Education', 2017],
        ],
      },
      'Machine Learning': {
        tags: ['elective'],
        titles: [
          ['Machine Learning', 'Tom M. Mitchell', 'McGraw Hill Education', 2017],
          ['Pattern Recognition and Machine Learning', 'Christopher M. Bishop', 'Springer', 2016],
          ['Deep Learning', 'Ian Goodfellow; Yoshua Bengio; Aaron Courville', 'MIT Press', 2016],
          ['Hands-On Machine Learning with Scikit-Learn, Keras, and TensorFlow', 'Aurélien Géron', "O'Reilly Media", 2019],
        ],
      },
      'Computer Graphics': {
        tags: ['elective'],
        titles: [
          ['Computer Graphics: C Version', 'Donald Hearn; M. Pauline Baker', 'Pearson Education', 2002],
          ['Procedural Elements for Computer Graphics', 'David F. Rogers', 'McGraw Hill Education', 2017],
        ],
      },
      'Distributed Systems': {
        tags: ['elective'],
        titles: [
          ['Distributed Systems: Concepts and Design', 'George Coulouris; Jean Dollimore; Tim Kindberg; Gordon Blair', 'Pearson Education', 2017],
          ['Distributed Systems: Principles and Paradigms', 'Andrew S. Tanenbaum; Maarten van Steen', 'Pearson Education', 2017],
        ],
      },
    },
  },
  {
    subject: 'Information Technology',
    department: 'Information Technology',
    publishers: ['Pearson Education', 'McGraw Hill Education', 'Wiley India', 'Oxford University Press', "O'Reilly Media", 'No Starch Press', 'Universities Press', 'BPB Publications'],
    weight: 8,
    topics: {
      'Python Programming': {
        tags: ['programming', 'lab'],
        titles: [
          ['Python Programming: Using Problem Solving Approach', 'Reema Thareja', 'Oxford University Press', 2017],
          ['Python Crash Course', 'Eric Matthes', 'No Starch Press', 2019],
          ['Learning Python', 'Mark Lutz', "O'Reilly Media", 2013],
        ],
      },
      'Web Technologies': {
        tags: ['programming', 'lab'],
        titles: [
          ['Web Technologies', 'Uttam K. Roy', 'Oxford University Press', 2010],
          ['JavaScript: The Definitive Guide', 'David Flanagan', "O'Reilly Media", 2020],
          ['Learning Web Design', 'Jennifer Niederst Robbins', "O'Reilly Media", 2018],
        ],
      },
      'Information Security': {
        tags: ['core', 'gate'],
        titles: [
          ['Cryptography and Network Security: Principles and Practice', 'William Stallings', 'Pearson Education', 2017],
          ['Security in Computing', 'Charles P. Pfleeger; Shari Lawrence Pfleeger; Jonathan Margulies', 'Pearson Education', 2015],
        ],
      },
      'Cloud Computing': {
        tags: ['elective'],
        titles: [
          ['Cloud Computing: Principles and Paradigms', 'Rajkumar Buyya; James Broberg; Andrzej Goscinski', 'Wiley India', 2011],
          ['Mastering Cloud Computing', 'Rajkumar Buyya; Christian Vecchiola; S. Thamarai Selvi', 'McGraw Hill Education', 2013],
        ],
      },
      'Data Mining': {
        tags: ['elective'],
        titles: [
          ['Data Mining: Concepts and Techniques', 'Jiawei Han; Micheline Kamber; Jian Pei', 'Elsevier', 2012],
          ['Introduction to Data Mining', 'Pang-Ning Tan; Michael Steinbach; Vipin Kumar', 'Pearson Education', 2016],
        ],
      },
      'Big Data Analytics': {
        tags: ['elective'],
        titles: [
          ['Big Data and Analytics', 'Seema Acharya; Subhashini Chellappan', 'Wiley India', 2015],
          ['Hadoop: The Definitive Guide', 'Tom White', "O'Reilly Media", 2015],
        ],
      },
      'Internet of Things': {
        tags: ['elective', 'lab'],
        titles: [
          ['Internet of Things: A Hands-On Approach', 'Arshdeep Bahga; Vijay Madisetti', 'Universities Press', 2015],
          ['Internet of Things: Architecture and Design Principles', 'Raj Kamal', 'McGraw Hill Education', 2017],
        ],
      },
      'Software Testing': {
        tags: ['core'],
        titles: [
          ['Software Testing: Principles and Practices', 'Srinivasan Desikan; Gopalaswamy Ramesh', 'Pearson Education', 2006],
          ['Foundations of Software Testing', 'Aditya P. Mathur', 'Pearson Education', 2013],
        ],
      },
      'Mobile Application Development': {
        tags: ['elective', 'programming'],
        titles: [['Android Programming: The Big Nerd Ranch Guide', 'Bill Phillips; Chris Stewart; Kristin Marsicano', 'Pearson Education', 2019]],
      },
    },
  },
  {
    subject: 'Electronics and Communication',
    department: 'Electronics and Communication Engineering',
    publishers: ['Pearson Education', 'McGraw Hill Education', 'Oxford University Press', 'PHI Learning', 'Wiley India', 'New Age International', 'Cengage Learning', 'Khanna Publishers'],
    weight: 12,
    topics: {
      'Electronic Devices and Circuits': {
        tags: ['core', 'gate'],
        titles: [
          ['Electronic Devices and Circuit Theory', 'Robert L. Boylestad; Louis Nashelsky', 'Pearson Education', 2015],
          ['Integrated Electronics', 'Jacob Millman; Christos C. Halkias', 'McGraw Hill Education', 2010],
          ['Microelectronic Circuits', 'Adel S. Sedra; Kenneth C. Smith', 'Oxford University Press', 2017],
          ['Electronic Devices and Circuits', 'David A. Bell', 'Oxford University Press', 2008],
          ['Electronic Principles', 'Albert Malvino; David J. Bates', 'McGraw Hill Education', 2016],
        ],
      },
      'Digital Electronics': {
        tags: ['core', 'gate', 'lab'],
        titles: [
          ['Digital Design', 'M. Morris Mano; Michael D. Ciletti', 'Pearson Education', 2018],
          ['Modern Digital Electronics', 'R. P. Jain', 'McGraw Hill Education', 2009],
          ['Fundamentals of Digital Circuits', 'A. Anand Kumar', 'PHI Learning', 2016],
          ['Digital Principles and Applications', 'Donald P. Leach; Albert Paul Malvino; Goutam Saha', 'McGraw Hill Education', 2014],
        ],
      },
      'Signals and Systems': {
        tags: ['core', 'gate'],
        titles: [
          ['Signals and Systems', 'Alan V. Oppenheim; Alan S. Willsky; S. Hamid Nawab', 'Pearson Education', 2015],
          ['Linear Systems and Signals', 'B. P. Lathi', 'Oxford University Press', 2009],
        ],
      },
      'Communication Systems': {
        tags: ['core', 'gate'],
        titles: [
          ['Communication Systems', 'Simon Haykin; Michael Moher', 'Wiley India', 2009],
          ['Electronic Communication Systems', 'George Kennedy; Bernard Davis', 'McGraw Hill Education', 2011],
          ['Modern Digital and Analog Communication Systems', 'B. P. Lathi; Zhi Ding', 'Oxford University Press', 2010],
          ['Principles of Communication Systems', 'Herbert Taub; Donald L. Schilling; Goutam Saha', 'McGraw Hill Education', 2013],
        ],
      },
      'Digital Signal Processing': {
        tags: ['core', 'gate'],
        titles: [
          ['Digital Signal Processing: Principles, Algorithms and Applications', 'John G. Proakis; Dimitris G. Manolakis', 'Pearson Education', 2007],
          ['Discrete-Time Signal Processing', 'Alan V. Oppenheim; Ronald W. Schafer', 'Pearson Education', 2010],
        ],
      },
      'Microprocessors and Microcontrollers': {
        tags: ['core', 'lab'],
        titles: [
          ['Microprocessor Architecture, Programming, and Applications with the 8085', 'Ramesh S. Gaonkar', 'Penram International', 2013],
          ['The 8051 Microcontroller and Embedded Systems', 'Muhammad Ali Mazidi; Janice Gillispie Mazidi; Rolin D. McKinlay', 'Pearson Education', 2007],
          ['Advanced Microprocessors and Peripherals', 'A. K. Ray; K. M. Bhurchandi', 'McGraw Hill Education', 2012],
        ],
      },
      'Linear Integrated Circuits': {
        tags: ['core', 'lab'],
        titles: [
          ['Linear Integrated Circuits', 'D. Roy Choudhury; Shail B. Jain', 'New Age International', 2018],
          ['Op-Amps and Linear Integrated Circuits', 'Ramakant A. Gayakwad', 'PHI Learning', 2015],
        ],
      },
      'VLSI Design': {
        tags: ['elective', 'design'],
        titles: [
          ['CMOS VLSI Design: A Circuits and Systems Perspective', 'Neil H. E. Weste; David Money Harris', 'Pearson Education', 2015],
          ['Basic VLSI Design', 'Douglas A. Pucknell; Kamran Eshraghian', 'PHI Learning', 1994],
        ],
      },
      'Electromagnetic Theory': {
        tags: ['core', 'gate'],
        titles: [
          ['Engineering Electromagnetics', 'William H. Hayt; John A. Buck', 'McGraw Hill Education', 2012],
          ['Elements of Electromagnetics', 'Matthew N. O. Sadiku', 'Oxford University Press', 2015],
        ],
      },
      'Antennas and Wave Propagation': {
        tags: ['core'],
        titles: [['Antennas and Wave Propagation', 'John D. Kraus; Ronald J. Marhefka; Ahmad S. Khan', 'McGraw Hill Education', 2017]],
      },
      'Microwave Engineering': {
        tags: ['elective'],
        titles: [
          ['Microwave Engineering', 'David M. Pozar', 'Wiley India', 2012],
          ['Microwave Devices and Circuits', 'Samuel Y. Liao', 'Pearson Education', 2003],
        ],
      },
      'Wireless Communication': {
        tags: ['elective'],
        titles: [
          ['Wireless Communications: Principles and Practice', 'Theodore S. Rappaport', 'Pearson Education', 2010],
          ['Mobile Communications', 'Jochen Schiller', 'Pearson Education', 2008],
        ],
      },
      'Optical Communication': {
        tags: ['elective'],
        titles: [['Optical Fiber Communications', 'Gerd Keiser', 'McGraw Hill Education', 2017]],
      },
      'Embedded Systems': {
        tags: ['elective', 'lab'],
        titles: [
          ['Embedded Systems: Architecture, Programming and Design', 'Raj Kamal', 'McGraw Hill Education', 2017],
          ['Introduction to Embedded Systems', 'Shibu K. V.', 'McGraw Hill Education', 2017],
        ],
      },
    },
  },
  {
    subject: 'Electrical Engineering',
    department: 'Electrical and Electronics Engineering',
    publishers: ['McGraw Hill Education', 'Pearson Education', 'Khanna Publishers', 'New Age International', 'S. Chand Publishing', 'PHI Learning', 'Dhanpat Rai Publishing Company', 'Oxford University Press'],
    weight: 10,
    topics: {
      'Basic Electrical Engineering': {
        tags: ['core'],
        firstYear: true,
        titles: [
          ['Basic Electrical Engineering', 'D. P. Kothari; I. J. Nagrath', 'McGraw Hill Education', 2019],
          ['A Textbook of Electrical Technology, Volume I', 'B. L. Theraja; A. K. Theraja', 'S. Chand Publishing', 2005],
        ],
      },
      'Circuit Theory': {
        tags: ['core', 'gate'],
        titles: [
          ['Network Analysis', 'M. E. Van Valkenburg', 'Pearson Education', 2019],
          ['Engineering Circuit Analysis', 'William H. Hayt; Jack E. Kemmerly; Steven M. Durbin', 'McGraw Hill Education', 2013],
          ['Fundamentals of Electric Circuits', 'Charles K. Alexander; Matthew N. O. Sadiku', 'McGraw Hill Education', 2013],
        ],
      },
      'Electrical Machines': {
        tags: ['core', 'gate', 'lab'],
        titles: [
          ['Electrical Machinery', 'P. S. Bimbhra', 'Khanna Publishers', 2011],
          ['Electric Machinery Fundamentals', 'Stephen J. Chapman', 'McGraw Hill Education', 2017],
          ['Electric Machines', 'D. P. Kothari; I. J. Nagrath', 'McGraw Hill Education', 2017],
        ],
      },
      'Power Systems': {
        tags: ['core', 'gate'],
        titles: [
          ['Electrical Power Systems', 'C. L. Wadhwa', 'New Age International', 2016],
          ['Power System Analysis', 'Hadi Saadat', 'McGraw Hill Education', 2010],
          ['Modern Power System Analysis', 'D. P. Kothari; I. J. Nagrath', 'McGraw Hill Education', 2011],
          ['Power System Protection and Switchgear', 'Badri Ram; D. N. Vishwakarma', 'McGraw Hill Education', 2011],
        ],
      },
      'Power Electronics': {
        tags: ['core', 'gate'],
        titles: [
          ['Power Electronics: Circuits, Devices and Applications', 'Muhammad H. Rashid', 'Pearson Education', 2014],
          ['Power Electronics', 'P. S. Bimbhra', 'Khanna Publishers', 2012],
        ],
      },
      'Control Systems': {
        tags: ['core', 'gate'],
        titles: [
          ['Control Systems Engineering', 'I. J. Nagrath; M. Gopal', 'New Age International', 2017],
          ['Modern Control Engineering', 'Katsuhiko Ogata', 'Pearson Education', 2015],
        ],
      },
      'Electrical Measurements': {
        tags: ['core', 'lab'],
        titles: [['A Course in Electrical and Electronic Measurements and Instrumentation', 'A. K. Sawhney', 'Dhanpat Rai Publishing Company', 2015]],
      },
      'Electric Drives': {
        tags: ['elective'],
        titles: [['Fundamentals of Electrical Drives', 'G. K. Dubey', 'Narosa Publishing House', 2002]],
      },
      'Renewable Energy': {
        tags: ['elective'],
        titles: [
          ['Non-Conventional Energy Sources', 'G. D. Rai', 'Khanna Publishers', 2011],
          ['Renewable Energy Sources and Emerging Technologies', 'D. P. Kothari; K. C. Singal; Rakesh Ranjan', 'PHI Learning', 2011],
        ],
      },
      'High Voltage Engineering': {
        tags: ['elective'],
        titles: [['High Voltage Engineering', 'M. S. Naidu; V. Kamaraju', 'McGraw Hill Education', 2013]],
      },
    },
  },
  {
    subject: 'Mechanical Engineering',
    department: 'Mechanical Engineering',
    publishers: ['McGraw Hill Education', 'Pearson Education', 'Laxmi Publications', 'S. Chand Publishing', 'Khanna Publishers', 'New Age International', 'Wiley India', 'Oxford University Press', 'Cengage Learning'],
    weight: 12,
    topics: {
      'Engineering Mechanics': {
        tags: ['core'],
        firstYear: true,
        titles: [
          ['Engineering Mechanics: Statics and Dynamics', 'R. C. Hibbeler', 'Pearson Education', 2017],
          ['Engineering Mechanics', 'S. Timoshenko; D. H. Young', 'McGraw Hill Education', 2013],
          ['Vector Mechanics for Engineers: Statics and Dynamics', 'Ferdinand P. Beer; E. Russell Johnston; Phillip J. Cornwell', 'McGraw Hill Education', 2017],
        ],
      },
      'Engineering Drawing': {
        tags: ['core', 'design'],
        firstYear: true,
        titles: [['Engineering Drawing', 'N. D. Bhatt', 'Charotar Publishing House', 2014]],
      },
      Thermodynamics: {
        tags: ['core', 'gate'],
        titles: [
          ['Engineering Thermodynamics', 'P. K. Nag', 'McGraw Hill Education', 2017],
          ['Thermodynamics: An Engineering Approach', 'Yunus A. Çengel; Michael A. Boles', 'McGraw Hill Education', 2019],
          ['Basic and Applied Thermodynamics', 'P. K. Nag', 'McGraw Hill Education', 2017],
        ],
      },
      'Fluid Mechanics': {
        tags: ['core', 'gate', 'lab'],
        titles: [
          ['A Textbook of Fluid Mechanics and Hydraulic Machines', 'R. K. Bansal', 'Laxmi Publications', 2018],
          ['Fluid Mechanics', 'Frank M. White', 'McGraw Hill Education', 2017],
          ['Introduction to Fluid Mechanics', 'Robert W. Fox; Alan T. McDonald', 'Wiley India', 2011],
        ],
      },
      'Strength of Materials': {
        tags: ['core', 'gate'],
        titles: [
          ['Strength of Materials', 'R. K. Rajput', 'S. Chand Publishing', 2018],
          ['Mechanics of Materials', 'Ferdinand P. Beer; E. Russell Johnston; John T. DeWolf', 'McGraw Hill Education', 2017],
        ],
      },
      'Theory of Machines': {
        tags: ['core', 'gate'],
        titles: [
          ['Theory of Machines', 'S. S. Rattan', 'McGraw Hill Education', 2019],
          ['Theory of Mechanisms and Machines', 'Amitabha Ghosh; Asok Kumar Mallik', 'East-West Press', 2008],
        ],
      },
      'Heat and Mass Transfer': {
        tags: ['core', 'gate'],
        titles: [
          ['Heat and Mass Transfer: Fundamentals and Applications', 'Yunus A. Çengel; Afshin J. Ghajar', 'McGraw Hill Education', 2015],
          ['Fundamentals of Heat and Mass Transfer', 'Frank P. Incropera; David P. DeWitt', 'Wiley India', 2010],
          ['Heat Transfer', 'J. P. Holman; Souvik Bhattacharyya', 'McGraw Hill Education', 2017],
        ],
      },
      'Manufacturing Technology': {
        tags: ['core', 'lab'],
        titles: [
          ['Manufacturing Technology, Volume 1', 'P. N. Rao', 'McGraw Hill Education', 2013],
          ['Manufacturing Engineering and Technology', 'Serope Kalpakjian; Steven R. Schmid', 'Pearson Education', 2018],
          ['Elements of Workshop Technology, Volume I', 'S. K. Hajra Choudhury; A. K. Hajra Choudhury', 'Media Promoters & Publishers', 2008],
        ],
      },
      'Machine Design': {
        tags: ['core', 'design'],
        titles: [
          ['Design of Machine Elements', 'V. B. Bhandari', 'McGraw Hill Education', 2016],
          ["Shigley's Mechanical Engineering Design", 'Richard G. Budynas; J. Keith Nisbett', 'McGraw Hill Education', 2015],
        ],
      },
      'Materials Science': {
        tags: ['core'],
        titles: [
          ['Materials Science and Engineering: An Introduction', 'William D. Callister; David G. Rethwisch', 'Wiley India', 2018],
          ['Material Science and Metallurgy', 'O. P. Khanna', 'Dhanpat Rai Publishing Company', 2014],
        ],
      },
      'Internal Combustion Engines': {
        tags: ['elective'],
        titles: [['Internal Combustion Engines', 'V. Ganesan', 'McGraw Hill Education', 2012]],
      },
      'Refrigeration and Air Conditioning': {
        tags: ['elective'],
        titles: [['Refrigeration and Air Conditioning', 'C. P. Arora', 'McGraw Hill Education', 2017]],
      },
      'Power Plant Engineering': {
        tags: ['elective'],
        titles: [['Power Plant Engineering', 'P. K. Nag', 'McGraw Hill Education', 2014]],
      },
      'Automobile Engineering': {
        tags: ['elective'],
        titles: [['Automobile Engineering, Volume 1', 'Kirpal Singh', 'Standard Publishers Distributors', 2012]],
      },
      'Finite Element Analysis': {
        tags: ['elective', 'design'],
        titles: [['An Introduction to the Finite Element Method', 'J. N. Reddy', 'McGraw Hill Education', 2005]],
      },
      Metrology: {
        tags: ['lab'],
        titles: [['Engineering Metrology and Measurements', 'N. V. Raghavendra; L. Krishnamurthy', 'Oxford University Press', 2013]],
      },
    },
  },
  {
    subject: 'Civil Engineering',
    department: 'Civil Engineering',
    publishers: ['Laxmi Publications', 'McGraw Hill Education', 'Oxford University Press', 'Khanna Publishers', 'New Age International', 'S. Chand Publishing', 'PHI Learning', 'Standard Publishers Distributors', 'Pearson Education'],
    weight: 9,
    topics: {
      Surveying: {
        tags: ['core', 'lab'],
        titles: [
          ['Surveying, Volume 1', 'B. C. Punmia; Ashok Kumar Jain; Arun Kumar Jain', 'Laxmi Publications', 2016],
          ['Surveying and Levelling', 'R. Subramanian', 'Oxford University Press', 2012],
        ],
      },
      'Structural Analysis': {
        tags: ['core', 'gate'],
        titles: [
          ['Structural Analysis', 'R. C. Hibbeler', 'Pearson Education', 2017],
          ['Basic Structural Analysis', 'C. S. Reddy', 'McGraw Hill Education', 2010],
          ['Theory of Structures', 'S. Ramamrutham; R. Narayan', 'Dhanpat Rai Publishing Company', 2014],
        ],
      },
      'Soil Mechanics': {
        tags: ['core', 'gate', 'lab'],
        titles: [
          ['Soil Mechanics and Foundation Engineering', 'K. R. Arora', 'Standard Publishers Distributors', 2011],
          ['Basic and Applied Soil Mechanics', 'Gopal Ranjan; A. S. R. Rao', 'New Age International', 2016],
          ['Soil Mechanics and Foundations', 'B. C. Punmia; Ashok Kumar Jain; Arun Kumar Jain', 'Laxmi Publications', 2017],
        ],
      },
      'Concrete Technology': {
        tags: ['core', 'lab'],
        titles: [
          ['Concrete Technology: Theory and Practice', 'M. S. Shetty; A. K. Jain', 'S. Chand Publishing', 2019],
          ['Concrete Technology', 'A. M. Neville; J. J. Brooks', 'Pearson Education', 2010],
        ],
      },
      'Reinforced Concrete Design': {
        tags: ['core', 'design'],
        titles: [
          ['Limit State Design of Reinforced Concrete', 'P. C. Varghese', 'PHI Learning', 2008],
          ['Reinforced Concrete Design', 'S. Unnikrishna Pillai; Devdas Menon', 'McGraw Hill Education', 2017],
        ],
      },
      'Steel Structures': {
        tags: ['core', 'design'],
        titles: [
          ['Design of Steel Structures', 'N. Subramanian', 'Oxford University Press', 2008],
          ['Limit State Design of Steel Structures', 'S. K. Duggal', 'McGraw Hill Education', 2017],
        ],
      },
      'Transportation Engineering': {
        tags: ['core', 'gate'],
        titles: [
          ['Highway Engineering', 'S. K. Khanna; C. E. G. Justo; A. Veeraragavan', 'Nem Chand & Bros', 2015],
          ['Railway Engineering', 'Satish Chandra; M. M. Agarwal', 'Oxford University Press', 2013],
          ['Traffic Engineering and Transportation Planning', 'L. R. Kadiyali', 'Khanna Publishers', 2013],
        ],
      },
      'Environmental Engineering': {
        tags: ['core', 'gate'],
        titles: [
          ['Water Supply Engineering', 'Santosh Kumar Garg', 'Khanna Publishers', 2010],
          ['Environmental Engineering', 'Howard S. Peavy; Donald R. Rowe; George Tchobanoglous', 'McGraw Hill Education', 2017],
        ],
      },
      'Environmental Studies': {
        tags: ['core'],
        firstYear: true,
        titles: [['Textbook of Environmental Studies for Undergraduate Courses', 'Erach Bharucha', 'Universities Press', 2013]],
      },
      'Water Resources Engineering': {
        tags: ['core', 'gate'],
        titles: [
          ['Irrigation Engineering and Hydraulic Structures', 'Santosh Kumar Garg', 'Khanna Publishers', 2006],
          ['Engineering Hydrology', 'K. Subramanya', 'McGraw Hill Education', 2013],
        ],
      },
      'Building Materials and Construction': {
        tags: ['core'],
        titles: [
          ['Building Materials', 'S. K. Duggal', 'New Age International', 2016],
          ['Building Construction', 'B. C. Punmia; Ashok Kumar Jain; Arun Kumar Jain', 'Laxmi Publications', 2016],
        ],
      },
      'Estimating and Costing': {
        tags: ['core'],
        titles: [['Estimating and Costing in Civil Engineering', 'B. N. Dutta', "UBS Publishers' Distributors", 2016]],
      },
      'Construction Management': {
        tags: ['elective'],
        titles: [['Construction Project Management: Planning, Scheduling and Controlling', 'K. K. Chitkara', 'McGraw Hill Education', 2014]],
      },
    },
  },
  {
    subject: 'Chemical Engineering',
    department: 'Chemical Engineering',
    publishers: ['McGraw Hill Education', 'PHI Learning', 'Wiley India', 'Pearson Education', 'Elsevier', 'Khanna Publishers', 'Laxmi Publications', 'East-West Press'],
    weight: 5,
    topics: {
      'Process Calculations': {
        tags: ['core'],
        titles: [
          ['Stoichiometry', 'B. I. Bhatt; S. B. Thakore', 'McGraw Hill Education', 2010],
          ['Basic Principles and Calculations in Chemical Engineering', 'David M. Himmelblau; James B. Riggs', 'PHI Learning', 2012],
        ],
      },
      'Unit Operations': {
        tags: ['core', 'gate', 'lab'],
        titles: [
          ['Unit Operations of Chemical Engineering', 'Warren L. McCabe; Julian C. Smith; Peter Harriott', 'McGraw Hill Education', 2017],
          ['Mass-Transfer Operations', 'Robert E. Treybal', 'McGraw Hill Education', 2017],
          ['Mechanical Operations for Chemical Engineers', 'C. M. Narayanan; B. C. Bhattacharyya', 'Khanna Publishers', 2011],
          ['Principles of Unit Operations', 'Alan S. Foust; Leonard A. Wenzel; Curtis W. Clump', 'Wiley India', 2008],
        ],
      },
      'Chemical Engineering Thermodynamics': {
        tags: ['core', 'gate'],
        titles: [
          ['Introduction to Chemical Engineering Thermodynamics', 'J. M. Smith; H. C. Van Ness; M. M. Abbott', 'McGraw Hill Education', 2018],
          ['A Textbook of Chemical Engineering Thermodynamics', 'K. V. Narayanan', 'PHI Learning', 2013],
        ],
      },
      'Chemical Reaction Engineering': {
        tags: ['core', 'gate'],
        titles: [
          ['Chemical Reaction Engineering', 'Octave Levenspiel', 'Wiley India', 2006],
          ['Elements of Chemical Reaction Engineering', 'H. Scott Fogler', 'Pearson Education', 2016],
        ],
      },
      'Transport Phenomena': {
        tags: ['core'],
        titles: [['Transport Phenomena', 'R. Byron Bird; Warren E. Stewart; Edwin N. Lightfoot', 'Wiley India', 2006]],
      },
      'Process Control': {
        tags: ['core', 'gate'],
        titles: [
          ['Process Systems Analysis and Control', 'Donald R. Coughanowr; Steven E. LeBlanc', 'McGraw Hill Education', 2013],
          ['Chemical Process Control: An Introduction to Theory and Practice', 'George Stephanopoulos', 'PHI Learning', 2008],
        ],
      },
      'Process Equipment Design': {
        tags: ['design'],
        titles: [
          ["Joshi's Process Equipment Design", 'V. V. Mahajani; S. B. Umarji', 'Laxmi Publications', 2016],
          ['Chemical Engineering Design', 'Gavin Towler; Ray Sinnott', 'Elsevier', 2013],
        ],
      },
      'Chemical Process Industries': {
        tags: ['elective'],
        titles: [
          ["Shreve's Chemical Process Industries", 'George T. Austin', 'McGraw Hill Education', 2012],
          ["Dryden's Outlines of Chemical Technology", 'M. Gopala Rao; Marshall Sittig', 'East-West Press', 2010],
        ],
      },
      'Petroleum Refining': {
        tags: ['elective'],
        titles: [['Modern Petroleum Refining Processes', 'B. K. Bhaskara Rao', 'Oxford & IBH Publishing', 2007]],
      },
    },
  },
  {
    subject: 'Biotechnology',
    department: 'Biotechnology',
    publishers: ['Wiley India', 'Pearson Education', 'McGraw Hill Education', 'Oxford University Press', 'W. H. Freeman', 'Elsevier', 'S. Chand Publishing', 'Springer'],
    weight: 5,
    topics: {
      'Cell Biology': {
        tags: ['core'],
        titles: [
          ['Molecular Biology of the Cell', 'Bruce Alberts; Alexander Johnson; Julian Lewis', 'Garland Science', 2014],
          ['Cell and Molecular Biology: Concepts and Experiments', 'Gerald Karp', 'Wiley India', 2013],
        ],
      },
      'Molecular Biology': {
        tags: ['core'],
        titles: [['Molecular Biology of the Gene', 'James D. Watson; Tania A. Baker; Stephen P. Bell', 'Pearson Education', 2017]],
      },
      Genetics: {
        tags: ['core'],
        titles: [
          ['Genetics: A Conceptual Approach', 'Benjamin A. Pierce', 'W. H. Freeman', 2017],
          ['Principles of Genetics', 'D. Peter Snustad; Michael J. Simmons', 'Wiley India', 2015],
          ['Genetics', 'P. K. Gupta', 'Rastogi Publications', 2014],
        ],
      },
      'Genetic Engineering': {
        tags: ['core', 'lab'],
        titles: [
          ['Principles of Gene Manipulation and Genomics', 'S. B. Primrose; R. M. Twyman', 'Wiley India', 2013],
          ['Gene Cloning and DNA Analysis: An Introduction', 'T. A. Brown', 'Wiley India', 2016],
        ],
      },
      Microbiology: {
        tags: ['core', 'lab'],
        titles: [
          ['Microbiology', 'Michael J. Pelczar; E. C. S. Chan; Noel R. Krieg', 'McGraw Hill Education', 2001],
          ["Prescott's Microbiology", 'Joanne M. Willey; Linda M. Sherwood; Christopher J. Woolverton', 'McGraw Hill Education', 2017],
          ['Microbiology: An Introduction', 'Gerard J. Tortora; Berdell R. Funke; Christine L. Case', 'Pearson Education', 2018],
        ],
      },
      Biochemistry: {
        tags: ['core'],
        titles: [
          ['Lehninger Principles of Biochemistry', 'David L. Nelson; Michael M. Cox', 'W. H. Freeman', 2017],
          ['Fundamentals of Biochemistry', 'J. L. Jain; Sunjay Jain; Nitin Jain', 'S. Chand Publishing', 2016],
        ],
      },
      Immunology: {
        tags: ['core'],
        titles: [
          ['Kuby Immunology', 'Judith A. Owen; Jenni Punt; Sharon A. Stranford', 'W. H. Freeman', 2013],
          ["Roitt's Essential Immunology", 'Peter J. Delves; Seamus J. Martin; Dennis R. Burton; Ivan M. Roitt', 'Wiley India', 2017],
        ],
      },
      Bioinformatics: {
        tags: ['elective'],
        titles: [
          ['Introduction to Bioinformatics', 'Arthur M. Lesk', 'Oxford University Press', 2014],
          ['Bioinformatics: Sequence and Genome Analysis', 'David W. Mount', 'Cold Spring Harbor Laboratory Press', 2004],
        ],
      },
      'Bioprocess Engineering': {
        tags: ['core', 'gate'],
        titles: [
          ['Bioprocess Engineering: Basic Concepts', 'Michael L. Shuler; Fikret Kargi', 'Pearson Education', 2015],
          ['Principles of Fermentation Technology', 'Peter F. Stanbury; Allan Whitaker; Stephen J. Hall', 'Elsevier', 2016],
        ],
      },
      'Enzyme Technology': {
        tags: ['elective'],
        titles: [['Enzymes: Biochemistry, Biotechnology, Clinical Chemistry', 'Trevor Palmer; Philip L. Bonner', 'Horwood Publishing', 2007]],
      },
      'Plant Biotechnology': {
        tags: ['elective'],
        titles: [['Introduction to Plant Biotechnology', 'H. S. Chawla', 'Oxford & IBH Publishing', 2009]],
      },
      'Animal Cell Culture': {
        tags: ['elective', 'lab'],
        titles: [['Culture of Animal Cells', 'R. Ian Freshney', 'Wiley India', 2016]],
      },
    },
  },
  {
    subject: 'Mathematics',
    department: 'Mathematics',
    publishers: ['Khanna Publishers', 'Wiley India', 'Pearson Education', 'McGraw Hill Education', 'PHI Learning', 'Sultan Chand & Sons', 'Springer', 'Laxmi Publications', 'Cengage Learning', 'Narosa Publishing House'],
    weight: 8,
    topics: {
      'Engineering Mathematics': {
        tags: ['core', 'gate'],
        firstYear: true,
        titles: [
          ['Higher Engineering Mathematics', 'B. S. Grewal', 'Khanna Publishers', 2017],
          ['Advanced Engineering Mathematics', 'Erwin Kreyszig', 'Wiley India', 2015],
          ['A Textbook of Engineering Mathematics', 'N. P. Bali; Manish Goyal', 'Laxmi Publications', 2016],
          ['Engineering Mathematics', 'K. A. Stroud; Dexter J. Booth', 'Palgrave Macmillan', 2013],
        ],
      },
      Calculus: {
        tags: ['core'],
        firstYear: true,
        titles: [
          ["Thomas' Calculus", 'George B. Thomas; Maurice D. Weir; Joel Hass', 'Pearson Education', 2018],
          ['Calculus, Volume 1', 'Tom M. Apostol', 'Wiley India', 2007],
          ['Calculus: Early Transcendentals', 'James Stewart', 'Cengage Learning', 2016],
        ],
      },
      'Linear Algebra': {
        tags: ['core', 'gate'],
        titles: [
          ['Introduction to Linear Algebra', 'Gilbert Strang', 'Wellesley-Cambridge Press', 2016],
          ['Linear Algebra Done Right', 'Sheldon Axler', 'Springer', 2015],
        ],
      },
      'Probability and Statistics': {
        tags: ['core', 'gate'],
        titles: [
          ['Fundamentals of Mathematical Statistics', 'S. C. Gupta; V. K. Kapoor', 'Sultan Chand & Sons', 2014],
          ['A First Course in Probability', 'Sheldon Ross', 'Pearson Education', 2019],
          ['Probability and Statistics for Engineers and Scientists', 'Ronald E. Walpole; Raymond H. Myers; Sharon L. Myers', 'Pearson Education', 2016],
        ],
      },
      'Discrete Mathematics': {
        tags: ['core', 'gate'],
        titles: [
          ['Discrete Mathematics and Its Applications', 'Kenneth H. Rosen', 'McGraw Hill Education', 2019],
          ['Discrete Mathematical Structures with Applications to Computer Science', 'J. P. Tremblay; R. Manohar', 'McGraw Hill Education', 2017],
          ['Elements of Discrete Mathematics', 'C. L. Liu; D. P. Mohapatra', 'McGraw Hill Education', 2012],
        ],
      },
      'Numerical Methods': {
        tags: ['core'],
        titles: [
          ['Numerical Methods for Engineers', 'Steven C. Chapra; Raymond P. Canale', 'McGraw Hill Education', 2016],
          ['Introductory Methods of Numerical Analysis', 'S. S. Sastry', 'PHI Learning', 2012],
        ],
      },
      'Differential Equations': {
        tags: ['core'],
        titles: [
          ['Differential Equations with Applications and Historical Notes', 'George F. Simmons', 'McGraw Hill Education', 2016],
          ['Elementary Differential Equations and Boundary Value Problems', 'William E. Boyce; Richard C. DiPrima', 'Wiley India', 2017],
        ],
      },
      'Complex Analysis': {
        tags: ['elective'],
        titles: [
          ['Complex Variables and Applications', 'James Ward Brown; Ruel V. Churchill', 'McGraw Hill Education', 2014],
          ['Complex Analysis', 'Lars V. Ahlfors', 'McGraw Hill Education', 2017],
        ],
      },
      'Real Analysis': {
        tags: ['elective'],
        titles: [
          ['Principles of Mathematical Analysis', 'Walter Rudin', 'McGraw Hill Education', 2013],
          ['Introduction to Real Analysis', 'Robert G. Bartle; Donald R. Sherbert', 'Wiley India', 2011],
        ],
      },
      'Abstract Algebra': {
        tags: ['elective'],
        titles: [['Topics in Algebra', 'I. N. Herstein', 'Wiley India', 2006]],
      },
      'Graph Theory': {
        tags: ['elective'],
        titles: [
          ['Graph Theory with Applications to Engineering and Computer Science', 'Narsingh Deo', 'PHI Learning', 2016],
          ['Introduction to Graph Theory', 'Douglas B. West', 'Pearson Education', 2015],
        ],
      },
      'Operations Research': {
        tags: ['elective'],
        titles: [
          ['Operations Research: An Introduction', 'Hamdy A. Taha', 'Pearson Education', 2019],
          ['Operations Research', 'Kanti Swarup; P. K. Gupta; Man Mohan', 'Sultan Chand & Sons', 2019],
        ],
      },
    },
  },
  {
    subject: 'Physics',
    department: 'Physics',
    publishers: ['Wiley India', 'McGraw Hill Education', 'Pearson Education', 'Cambridge University Press', 'S. Chand Publishing', 'New Age International', 'Oxford University Press', 'Springer'],
    weight: 6,
    topics: {
      'Engineering Physics': {
        tags: ['core', 'lab'],
        firstYear: true,
        titles: [
          ['A Textbook of Engineering Physics', 'M. N. Avadhanulu; P. G. Kshirsagar', 'S. Chand Publishing', 2014],
          ['Engineering Physics', 'R. K. Gaur; S. L. Gupta', 'Dhanpat Rai Publishing Company', 2011],
        ],
      },
      'General Physics': {
        tags: ['core'],
        firstYear: true,
        titles: [
          ['Fundamentals of Physics', 'David Halliday; Robert Resnick; Jearl Walker', 'Wiley India', 2018],
          ['University Physics', 'Hugh D. Young; Roger A. Freedman', 'Pearson Education', 2019],
          ['Concepts of Physics, Volume 1', 'H. C. Verma', 'Bharati Bhawan', 2017],
        ],
      },
      'Classical Mechanics': {
        tags: ['core'],
        titles: [
          ['Classical Mechanics', 'Herbert Goldstein; Charles P. Poole; John Safko', 'Pearson Education', 2011],
          ['An Introduction to Mechanics', 'Daniel Kleppner; Robert Kolenkow', 'Cambridge University Press', 2014],
        ],
      },
      'Quantum Mechanics': {
        tags: ['core'],
        titles: [
          ['Introduction to Quantum Mechanics', 'David J. Griffiths; Darrell F. Schroeter', 'Cambridge University Press', 2018],
          ['Quantum Mechanics: Concepts and Applications', 'Nouredine Zettili', 'Wiley India', 2009],
          ['Principles of Quantum Mechanics', 'R. Shankar', 'Springer', 2014],
        ],
      },
      Electrodynamics: {
        tags: ['core'],
        titles: [
          ['Introduction to Electrodynamics', 'David J. Griffiths', 'Cambridge University Press', 2017],
          ['Classical Electrodynamics', 'John David Jackson', 'Wiley India', 2007],
        ],
      },
      Optics: {
        tags: ['core', 'lab'],
        titles: [
          ['Optics', 'Ajoy Ghatak', 'McGraw Hill Education', 2017],
          ['Fundamentals of Optics', 'Francis A. Jenkins; Harvey E. White', 'McGraw Hill Education', 2017],
          ['A Textbook of Optics', 'N. Subrahmanyam; Brij Lal; M. N. Avadhanulu', 'S. Chand Publishing', 2012],
        ],
      },
      'Solid State Physics': {
        tags: ['core'],
        titles: [
          ['Introduction to Solid State Physics', 'Charles Kittel', 'Wiley India', 2012],
          ['Solid State Physics', 'S. O. Pillai', 'New Age International', 2018],
        ],
      },
      'Statistical Physics': {
        tags: ['elective'],
        titles: [
          ['Statistical Mechanics', 'R. K. Pathria; Paul D. Beale', 'Elsevier', 2011],
          ['An Introduction to Thermal Physics', 'Daniel V. Schroeder', 'Pearson Education', 2017],
        ],
      },
      'Modern Physics': {
        tags: ['core'],
        titles: [['Concepts of Modern Physics', 'Arthur Beiser; Shobhit Mahajan; S. Rai Choudhury', 'McGraw Hill Education', 2017]],
      },
      'Nuclear Physics': {
        tags: ['elective'],
        titles: [['Introductory Nuclear Physics', 'Kenneth S. Krane', 'Wiley India', 2008]],
      },
      'Semiconductor Physics': {
        tags: ['core'],
        titles: [
          ['Physics of Semiconductor Devices', 'S. M. Sze; Kwok K. Ng', 'Wiley India', 2008],
          ['Solid State Electronic Devices', 'Ben G. Streetman; Sanjay Kumar Banerjee', 'Pearson Education', 2015],
        ],
      },
      'Mathematical Physics': {
        tags: ['core'],
        titles: [
          ['Mathematical Methods in the Physical Sciences', 'Mary L. Boas', 'Wiley India', 2006],
          ['Mathematical Methods for Physicists', 'George B. Arfken; Hans J. Weber; Frank E. Harris', 'Elsevier', 2013],
        ],
      },
    },
  },
  {
    subject: 'Chemistry',
    department: 'Chemistry',
    publishers: ['Oxford University Press', 'Wiley India', 'Pearson Education', 'S. Chand Publishing', 'New Age International', 'McGraw Hill Education', 'Cengage Learning', 'Dhanpat Rai Publishing Company'],
    weight: 5,
    topics: {
      'Engineering Chemistry': {
        tags: ['core', 'lab'],
        firstYear: true,
        titles: [
          ['Engineering Chemistry', 'P. C. Jain; Monika Jain', 'Dhanpat Rai Publishing Company', 2015],
          ['A Textbook of Engineering Chemistry', 'Shashi Chawla', 'Dhanpat Rai Publishing Company', 2017],
        ],
      },
      'Organic Chemistry': {
        tags: ['core'],
        titles: [
          ['Organic Chemistry', 'Jonathan Clayden; Nick Greeves; Stuart Warren', 'Oxford University Press', 2012],
          ['Organic Chemistry, Volume 1', 'I. L. Finar', 'Pearson Education', 2002],
          ['Organic Chemistry: Structure and Function', 'K. Peter C. Vollhardt; Neil E. Schore', 'W. H. Freeman', 2014],
        ],
      },
      'Physical Chemistry': {
        tags: ['core'],
        titles: [
          ["Atkins' Physical Chemistry", 'Peter Atkins; Julio de Paula', 'Oxford University Press', 2014],
          ['Principles of Physical Chemistry', 'B. R. Puri; L. R. Sharma; M. S. Pathania', 'Vishal Publishing Co.', 2017],
          ['Physical Chemistry', 'Gilbert W. Castellan', 'Narosa Publishing House', 2004],
        ],
      },
      'Inorganic Chemistry': {
        tags: ['core'],
        titles: [
          ['Concise Inorganic Chemistry', 'J. D. Lee', 'Wiley India', 2008],
          ['Inorganic Chemistry: Principles of Structure and Reactivity', 'James E. Huheey; Ellen A. Keiter; Richard L. Keiter', 'Pearson Education', 2006],
          ['Inorganic Chemistry', 'Catherine E. Housecroft; Alan G. Sharpe', 'Pearson Education', 2012],
        ],
      },
      'Analytical Chemistry': {
        tags: ['core', 'lab'],
        titles: [
          ['Analytical Chemistry', 'Gary D. Christian', 'Wiley India', 2013],
          ["Vogel's Textbook of Quantitative Chemical Analysis", 'J. Mendham; R. C. Denney; J. D. Barnes', 'Pearson Education', 2009],
        ],
      },
      Spectroscopy: {
        tags: ['core'],
        titles: [
          ['Introduction to Spectroscopy', 'Donald L. Pavia; Gary M. Lampman; George S. Kriz', 'Cengage Learning', 2015],
          ['Fundamentals of Molecular Spectroscopy', 'C. N. Banwell; E. M. McCash', 'McGraw Hill Education', 2017],
        ],
      },
      'Polymer Science': {
        tags: ['elective'],
        titles: [
          ['Polymer Science', 'V. R. Gowariker; N. V. Viswanathan; Jayadev Sreedhar', 'New Age International', 2019],
          ['Textbook of Polymer Science', 'Fred W. Billmeyer', 'Wiley India', 2007],
        ],
      },
      'Environmental Chemistry': {
        tags: ['elective'],
        titles: [['Environmental Chemistry', 'A. K. De', 'New Age International', 2017]],
      },
      Electrochemistry: {
        tags: ['elective'],
        titles: [['Electrochemical Methods: Fundamentals and Applications', 'Allen J. Bard; Larry R. Faulkner', 'Wiley India', 2006]],
      },
      'Chemical Kinetics': {
        tags: ['elective'],
        titles: [['Chemical Kinetics', 'Keith J. Laidler', 'Pearson Education', 2003]],
      },
    },
  },
  {
    subject: 'Management',
    department: 'Management Studies',
    publishers: ['Pearson Education', 'McGraw Hill Education', 'Wiley India', 'Vikas Publishing House', 'Himalaya Publishing House', 'Oxford University Press', 'Cengage Learning'],
    weight: 2,
    topics: {
      'Principles of Management': {
        tags: ['mba', 'core'],
        titles: [
          ['Essentials of Management', 'Harold Koontz; Heinz Weihrich', 'McGraw Hill Education', 2015],
          ['Management', 'Stephen P. Robbins; Mary Coulter', 'Pearson Education', 2017],
          ['Principles and Practice of Management', 'L. M. Prasad', 'Sultan Chand & Sons', 2019],
        ],
      },
      'Marketing Management': {
        tags: ['mba'],
        titles: [
          ['Marketing Management', 'Philip Kotler; Kevin Lane Keller', 'Pearson Education', 2016],
          ['Marketing Management: Global Perspective, Indian Context', 'V. S. Ramaswamy; S. Namakumari', 'McGraw Hill Education', 2013],
        ],
      },
      'Financial Management': {
        tags: ['mba'],
        titles: [
          ['Financial Management: Theory and Practice', 'Prasanna Chandra', 'McGraw Hill Education', 2019],
          ['Financial Management', 'I. M. Pandey', 'Vikas Publishing House', 2015],
        ],
      },
      'Human Resource Management': {
        tags: ['mba'],
        titles: [
          ['Human Resource Management', 'Gary Dessler; Biju Varkkey', 'Pearson Education', 2017],
          ['Human Resource and Personnel Management', 'K. Aswathappa', 'McGraw Hill Education', 2017],
        ],
      },
      'Organizational Behaviour': {
        tags: ['mba'],
        titles: [
          ['Organizational Behavior', 'Stephen P. Robbins; Timothy A. Judge; Neharika Vohra', 'Pearson Education', 2018],
          ['Organisational Behaviour', 'Fred Luthans', 'McGraw Hill Education', 2017],
        ],
      },
      'Operations Management': {
        tags: ['mba'],
        titles: [
          ['Operations Management', 'William J. Stevenson', 'McGraw Hill Education', 2018],
          ['Production and Operations Management', 'S. N. Chary', 'McGraw Hill Education', 2019],
        ],
      },
      'Project Management': {
        tags: ['mba', 'elective'],
        titles: [
          ['Project Management: A Systems Approach to Planning, Scheduling, and Controlling', 'Harold Kerzner', 'Wiley India', 2017],
          ['Projects: Planning, Analysis, Selection, Financing, Implementation, and Review', 'Prasanna Chandra', 'McGraw Hill Education', 2019],
        ],
      },
      Entrepreneurship: {
        tags: ['elective'],
        titles: [
          ['Dynamics of Entrepreneurial Development and Management', 'Vasant Desai', 'Himalaya Publishing House', 2011],
          ['Entrepreneurship', 'Robert D. Hisrich; Michael P. Peters; Dean A. Shepherd', 'McGraw Hill Education', 2017],
        ],
      },
      'Strategic Management': {
        tags: ['mba'],
        titles: [['Strategic Management: Concepts and Cases', 'Fred R. David', 'Pearson Education', 2016]],
      },
      'Supply Chain Management': {
        tags: ['mba'],
        titles: [['Supply Chain Management: Strategy, Planning, and Operation', 'Sunil Chopra; Peter Meindl', 'Pearson Education', 2016]],
      },
      'Business Ethics': {
        tags: ['mba'],
        titles: [['Business Ethics: An Indian Perspective', 'A. C. Fernando', 'Pearson Education', 2012]],
      },
    },
  },
  {
    subject: 'Humanities',
    department: 'Humanities and Social Sciences',
    publishers: ['Oxford University Press', 'Cambridge University Press', 'S. Chand Publishing', 'Pearson Education', 'PHI Learning', 'Penguin Books', 'Sahitya Akademi'],
    weight: 2,
    topics: {
      'English Language': {
        tags: ['humanities', 'language'],
        firstYear: true,
        titles: [
          ['High School English Grammar and Composition', 'P. C. Wren; H. Martin', 'S. Chand Publishing', 2017],
          ['Practical English Usage', 'Michael Swan', 'Oxford University Press', 2016],
          ['Word Power Made Easy', 'Norman Lewis', 'Penguin Books', 2015],
        ],
      },
      'Communication Skills': {
        tags: ['humanities', 'language'],
        firstYear: true,
        titles: [
          ['Technical Communication: Principles and Practice', 'Meenakshi Raman; Sangeeta Sharma', 'Oxford University Press', 2015],
          ['Communication Skills', 'Sanjay Kumar; Pushp Lata', 'Oxford University Press', 2015],
          ['Business Communication', 'Meenakshi Raman; Prakash Singh', 'Oxford University Press', 2012],
        ],
      },
      Economics: {
        tags: ['humanities'],
        titles: [
          ['Engineering Economics', 'R. Panneerselvam', 'PHI Learning', 2013],
          ['Principles of Economics', 'N. Gregory Mankiw', 'Cengage Learning', 2015],
          ['Indian Economy', 'Ramesh Singh', 'McGraw Hill Education', 2020],
          ['Managerial Economics', 'D. N. Dwivedi', 'Vikas Publishing House', 2015],
          ['Modern Economic Theory', 'K. K. Dewett; M. H. Navalur', 'S. Chand Publishing', 2006],
        ],
      },
      'Professional Ethics': {
        tags: ['humanities'],
        titles: [
          ['Professional Ethics and Human Values', 'R. S. Naagarazan', 'New Age International', 2006],
          ['Ethics in Engineering', 'Mike W. Martin; Roland Schinzinger', 'McGraw Hill Education', 2017],
          ['Engineering Ethics: Concepts and Cases', 'Charles E. Harris; Michael S. Pritchard; Michael J. Rabins', 'Cengage Learning', 2013],
        ],
      },
      'Constitution of India': {
        tags: ['humanities'],
        titles: [
          ['Introduction to the Constitution of India', 'Durga Das Basu', 'LexisNexis', 2018],
          ['Indian Polity', 'M. Laxmikanth', 'McGraw Hill Education', 2019],
        ],
      },
      'English Literature': {
        tags: ['humanities', 'reading'],
        titles: [
          ['Malgudi Days', 'R. K. Narayan', 'Indian Thought Publications', 2006],
          ['The Guide', 'R. K. Narayan', 'Indian Thought Publications', 2007],
          ['Wings of Fire', 'A. P. J. Abdul Kalam; Arun Tiwari', 'Universities Press', 1999],
          ['Indian Writing in English', 'K. R. Srinivasa Iyengar', 'Sterling Publishers', 2013],
          ['A History of Indian English Literature', 'M. K. Naik', 'Sahitya Akademi', 2009],
          ['Shakespearean Tragedy', 'A. C. Bradley', 'Penguin Books', 1991],
          ['Train to Pakistan', 'Khushwant Singh', 'Penguin Books', 2016],
        ],
      },
    },
  },
];
