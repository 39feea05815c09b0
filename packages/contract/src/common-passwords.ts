/**
 * Passwords and password stems people pick most often, lowercase, separated by white space.
 * Written for this product from widely known leak statistics: the classic top passwords,
 * number and keyboard patterns, names, words, sports, pinyin phrases and product defaults.
 * password-policy.ts also refuses these with digits or symbols added before or after them,
 * with common letter substitutions (p@ssw0rd), and generic patterns (repeats, runs, dates),
 * so a stem here covers thousands of variants. Kept as a module so server and console share it.
 */
const LIST = `
123456 password 12345678 qwerty 123456789 12345 1234 111111 1234567 dragon 123123 baseball abc123
football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael
654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm
asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou charlie robert thomas
hockey ranger daniel starwars klaster 112233 george computer michelle jessica pepper 1111 zxcvbn
555555 11111111 131313 freedom 777777 pass maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer love ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder
taylor matrix william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer
silver 222222 88888888 anthony justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111
golfer cookie richard samantha bigdog guitar jackson whatever mickey chicken sparky snoopy maverick
phoenix camaro peanut morgan welcome falcon cowboy ferrari samsung andrea smokey steelers joseph
mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster tigers yellow xxxxxx
123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana junior hannah 123654
porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000 miller
boston q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player
nikita knight fender barney midnight please brandy chicago badboy slayer rangers charles angel
flower rabbit wizard bigdick jasper enter rachel chris steven winner adidas victoria natasha 1q2w3e4r
jasmine winter prince panties marine ghbdtn fishing cocacola casper james 232323 raiders 888888
marlboro gandalf asdfasdf crystal 87654321 12344321 golden 8675309 panther lauren angela bitch
spanky thx1138 angels madison winston shannon mike toyota blowjob jordan23 canada sophie apples
dick tiger razz 123abc pokemon qazxsw 55555 qwaszx muffin johnson murphy cooper jonathan liverpoo
david danielle 159357 jackie 1990 123456a 789456 turtle horny abcd1234 scorpion qazwsxedc 101010
butter carlos password1 dennis slipknot qwerty123 booger asdf 1991 black startrek 12341234 cameron
newyork rainbow nathan john 1992 rocket viking redskins butthead asdfghjkl 1212 sierra peaches
gemini doctor wilson sandra helpme qwertyui victor florida dolphin pookie captain tucker blue
liverpool theman bandit dolphins maddog packers jaguar lovers nicholas united tiffany maxwell zzzzzz
nirvana jeremy suckit stupid porn monica elephant giants jackass hotdog rosebud success debbie
mountain 444444 xxxxxxxx warrior 1q2w3e4r5t q1w2e3 123456q albert metallic lucky azerty 7777 shithead
alex bond007 alexis 1111111 samson 5150 willie scorpio bonnie gators benjamin voodoo driver dexter
2112 jason calvin freddy 212121 creative 12345a sydney rush2112 1989 asdfghjk red123 bubba 4815162342
passw0rd trouble gunner happy fucking gordon legend jessie stella qwert eminem arthur apple nissan
bullshit bear america 1qazxsw2 nothing parker 4444 rebecca qweqwe garfield 01012011 beavis 69696969
jack asdasd december 2222 102030 252525 11223344 magic apollo skippy 315475 girls kitten golf copper
braves shelby godzilla beaver fred tomcat august buddy airborne 1993 1988 lifehack qqqqqq brooklyn
animal platinum phantom online xavier darkness blink182 power fish green 789456123 voyager police
travis 12qwaszx heaven snowball lover abcdef 00000 pakistan 007007 walter playboy blazer cricket
sniper hooters donkey willow loveme saturn therock redwings bigboy pumpkin trinity williams tits
nintendo digital destiny topgun runner marvin guinness chance bubbles testing fire november minecraft
asdf1234 lasvegas sergey broncos cartman private celtic birdie little cassie babygirl donald beatles
1313 dickhead family 12121212 school louise gabriel eclipse fluffy 147258369 lol123 explorer beer
nelson flyers spencer scott lovely gibson doggie cherry andrey snickers buffalo pantera metallica
member carter qwertyu peter alexande steve bronco paradise goober 5555 samuel montana mexico dreams
michigan cock carolina yankee friends magnum surfer poohbear pirate mylove 1987 ford cjkysirj
frankie daisy hunting ironman stanley 159951 mario christin 1234561 12345678910 hahaha justdoit
hollywood sexy bigcock kevin jack123 forgot dragon1 master1 qwerty1 princess1 sunshine1 letmein1
welcome1 monkey1 shadow1 football1 baseball1 superman1 iloveyou1 trustno1 abc12345 aa123456
a123456 qq123456 123456aa 1q2w3e 1qaz2wsx3edc 1qazxsw23edc zaq12wsx zaq1zaq1 zaq1xsw2 !qaz2wsx
qwe123 qweasd qweasdzxc asd123 zxc123 qazwsx123 123qweasd 1234abcd abcd123 abc123456 123abc456
admin administrator root toor guest user default changeme changeit letmein123 temp temporary
secret123 password123 passwort motdepasse contrasena senha wachtwoord salasana haslo parola
login welcome123 test123 test1234 testtest demo demo123 sample example qwerty12 qwerty1234
support service manager office backup server network system sysadmin webadmin webmaster oracle
mysql postgres database cisco linux ubuntu debian raspberry pi raspberrypi alpine admin123
admin1234 admin12345 adminadmin root123 rootroot 1234admin password12 password1234 pass123
pass1234 passpass mypassword yourpassword newpassword oldpassword nopassword password! p@ssword
lorawan lora loraserver chirpstack gateway123 semtech thethings ttn iot iot123 sensor device
network123 mqtt mosquitto emqx redis node nodejs javascript python java github gitlab docker
woaini woaini1314 woaini520 woaini123 5201314 1314520 520520 521521 1314 520 woaiwojia
wodemima mima mima123 nihao nihao123 zhongguo china chinese beijing shanghai shenzhen guangzhou
hangzhou chengdu wuhan nanjing tianjin xian aini aiqing baobei laopo laogong xiaoming xiaohong
wangwei liwei zhangwei wangfang liuwei zhangmin lijing wangjing liyang zhangli wangli zhangjie
lixiaoming zhanglei wanglei liqiang zhangyong wangyong woshishui wocao caonima tamade shabi
qingdao dalian xiamen taiwan hongkong xianggang aomen huawei xiaomi tencent alibaba baidu qqqq
147258 258369 369258 147369 741852 852963 963852 741852963 147852 123789 987321 456789 456123
321654 1472583690 159753456 147896325 741236985 123654789 112233445566 123698745 1357924680
13579 2468 24680 135792468 1357 1234321 123454321 12321 147147 258258 369369 159159 753951 951753
520131 1314521 584520 1314woaini 00000000 99999999 66666666 77777777 55555555 44444444 33333333
22222222 0123456789 01234567 012345 11112222 11223344556677 10203040 1020304050 123456123456
131420 5211314 5201314520 13145201314 woaini1314520 aaaaaaaa abcdefg abcdefgh abcdefghi abcdabcd abcabc aabbcc aabbccdd
qazqaz wsxwsx edcedc 1qa2ws3ed 1q1q1q1q 2wsx3edc 3edc4rfv 4rfv5tgb 1234qwerasdf qwerasdf
qwerasdfzxcv asdfqwer zxcvasdf qwertyasdf asdfzxcv poiuytrewq lkjhgfdsa mnbvcxz 0987654321
09876543 98765432 9876543210 qwertyuiopasdfghjkl asdfghjkl; zxcvbnm,./ 1qaz 2wsx 3edc 4rfv
!@#$%^&* !@#$%^ !@#$%^&*() 1!2@3#4$ qwe!@# 123!@# !qaz@wsx asdqwe123 qweqweqwe asdasdasd zxczxc
ilovey0u iloveu iloveyou2 iloveyou! loveyou loveme1 lovelove mylove1 truelove babylove sweetheart
sweetie honey honeybunny cutie cutiepie angel1 angelina angelica beautiful pretty gorgeous sexy1
hottie princesa prinsesa mahal mahalkita teamo tequiero ichliebedich jetaime tiamo sarang
saranghae aishiteru daisuki forever1 always together soulmate kisses kiss hugs friend friends1
bestfriend bff family1 mommy daddy mother1 father brother sister mylife life lifeisgood happy1
happiness smile smiley funny crazy awesome cool coolguy cool123 whatever1 nothing1 someone
somebody anything everything unknown secret1 hidden private1 mystery enigma puzzle riddle
football12 soccer1 basketball baseball12 hockey1 tennis1 golf123 volleyball cricket1 rugby
skateboard snowboard surfing swimming running cycling boxing karate kungfu ninja samurai warrior1
chelsea1 arsenal1 manchester manutd barcelona realmadrid juventus milan inter bayern dortmund
liverpool1 everton tottenham celtic1 rangers1 lakers1 bulls celtics yankees1 redsox1 cubs
dodgers steelers1 cowboys1 patriots packers1 broncos1 raiders1 eagles1 giants1 jets dolphins1
batman1 superman2 spiderman ironman1 hulk thor captainamerica avengers marvel starwars1 yoda
vader darthvader skywalker jedi pokemon1 pikachu charizard mario1 luigi zelda link sonic tetris
minecraft1 fortnite roblox warcraft starcraft diablo2 counterstrike halo callofduty gamer gaming
player1 xbox playstation ps4 nintendo1 matrix1 neo morpheus gandalf1 frodo hobbit harrypotter
hermione hogwarts voldemort dumbledore sherlock doctorwho tardis startrek1 spock kirk enterprise
cheese1 chocolate cookies cupcake candy sugar pizza burger bacon pepper1 banana1 apple1 orange1
strawberry cherry1 peach mango lemon coconut pineapple watermelon coffee1 tea beer1 whiskey vodka
tequila wine martini cocacola1 pepsi sprite redbull dog cat dog123 cat123 puppy kitty kitten1
doggy doggie1 horse pony tiger1 lion lion123 bear1 wolf wolves eagle falcon1 hawk raven dragon12
dragons dragonfly butterfly bird birdie1 fish1 shark dolphin1 whale turtle1 snake cobra python1
monkey12 donkey1 rabbit1 bunny panda koala penguin zebra giraffe elephant1 hello1 hello123
helloworld hi hey hiya yo welcome2 goodbye goodluck lucky1 lucky7 lucky13 luckyme blessed
blessing god jesus1 jesuschrist christ faith hope grace angel7 heaven1 hell devil satan 666
lucifer demon ghost spirit soul believe trust trustme truth freedom1 liberty justice peace
peaceful harmony love123 love1234 iloveyou123 summer1 winter1 spring autumn fall sunday monday
tuesday wednesday thursday friday saturday january february march april may june july august1
september october november1 december1 morning evening night midnight1 sunset sunrise moon
moonlight star stars starlight sun sunny rain rainbow1 snow storm thunder1 lightning fire1 water
earth wind air ice frozen ocean sea beach island mountain1 river lake forest tree flower1 rose
roses lily daisy1 tulip orchid garden nature green1 blue1 red yellow1 purple1 pink black1 white
silver1 gold golden1 diamond1 crystal1 pearl ruby emerald sapphire jade amber money1 cash dollar
rich million billion lottery winner1 success1 victory champion champ hero legend1 king queen
prince1 princess2 lord master12 boss chief captain1 general major sergeant soldier army navy
marine1 airforce pilot doctor1 nurse teacher student school1 college university class computer1
laptop internet1 google facebook twitter instagram youtube yahoo hotmail gmail outlook microsoft
windows apple123 iphone android samsung1 nokia sony dell lenovo asus acer intel amd nvidia
mustang1 camaro1 corvette1 ferrari1 porsche1 bmw mercedes1 audi honda toyota1 nissan1 ford1
chevy harley1 yamaha1 suzuki kawasaki ducati volvo tesla jaguar1 lexus mazda subaru jeep
michael1 jennifer1 jessica1 ashley1 amanda1 daniel1 david1 james1 john1 robert1 thomas1 william1
joseph charles1 christopher matthew1 andrew1 joshua1 anthony1 mark paul steven1 kevin1 brian
george1 edward1 ronald timothy jason1 jeffrey ryan jacob gary nicholas1 eric jonathan1 stephen
larry justin1 scott1 brandon1 benjamin1 samuel1 frank gregory raymond alexander patrick1 jack1
dennis1 jerry tyler aaron henry adam douglas nathan1 peter1 zachary kyle walter1 harold jeremy1
ethan carl keith roger gerald christian terry sean arthur1 austin1 noah lawrence jesse joe bryan
billy jordan1 albert1 dylan bruce willie1 gabriel1 alan juan logan wayne ralph roy eugene randy
vincent russell louis philip bobby johnny1 bradley mary patricia linda barbara elizabeth susan
margaret dorothy lisa nancy karen betty helen sandra1 donna carol ruth sharon michelle1 laura
sarah kimberly deborah jessica2 shirley cynthia angela1 melissa1 brenda amy anna rebecca1
virginia kathleen pamela martha debra amanda2 stephanie carolyn christine marie janet catherine
frances ann joyce diane alice julie heather1 teresa doris gloria evelyn jean cheryl mildred
katherine joan ashley2 judith rose1 janice kelly nicole1 judy christina kathy theresa beverly
denise tammy irene jane lori rachel1 marilyn andrea1 kathryn louise1 sara anne jacqueline wanda
bonnie1 julia ruby1 lois tina phyllis norma paula diana annie lillian emily robin peggy crystal2
gladys rita dawn connie florence tracy edna tiffany1 carmen rosa cindy grace1 wendy victoria1
edith kim sherry sylvia josephine thelma shannon1 sheila ethel ellen elaine marjorie carrie
charlotte monica1 esther pauline emma juanita anita rhonda hazel amber1 eva debbie1 april1
leslie clara lucille jamie joanne eleanor valerie danielle1 megan alicia suzanne michele gail
bertha darlene veronica jill erin geraldine lauren1 cathy joann lorraine lynn sally regina
erica beatrice dolores bernice audrey yvonne annette june1 samantha1 marion dana stacy ana
renee ida vivian roberta holly brittany melanie loretta yolanda jeanette laurie katie kristen
vanessa alma sue elsie beth jeanne sophia olivia ava isabella mia abigail madison1 chloe
maxwell1 buster1 charlie1 bailey1 max rocky lucky2 bella molly sadie lucy daisy2 maggie1 sophie1
chloe1 coco zoe lola ginger1 roxy gracie princess3 toby jake bear2 duke tucker1 riley oscar
teddy bentley zeus bruno winston1 sammy rusty leo milo murphy1 jackson1 cooper1 harley2 jasper1
qwerty12345 qwertyuiop123 1qaz2wsx! 1qaz!qaz zaq!2wsx passw0rd1 p@ssw0rd p@ssword1 pa55word
pa$$word passwd pwd123 pass@123 pass@word1 password@123 admin@123 root@123 welcome@123 test@123
abc@123 qwerty@123 india@123 india123 pakistan123 bangladesh nepal srilanka manila philippines
indonesia malaysia singapore vietnam thailand japan korea russia moscow1 germany berlin france
paris italy rome spain madrid mexico1 brazil argentina canada1 toronto america1 usa texas
california florida1 newyork1 chicago1 boston1 london1 england scotland ireland dublin wales
australia sydney1 melbourne africa nigeria lagos kenya egypt cairo dubai qatar saudi istanbul
turkey greece athens poland warsaw ukraine kiev sweden norway denmark finland holland amsterdam
`;

/** Every entry of the list, lowercase. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));
