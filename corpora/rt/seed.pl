#!/usr/bin/perl
# The first-look rt corpus's seed (run by smart-run.sh after
# rt-setup-database, under the run's clock): root's password (from
# SMART_RT_ROOTPW), two queues besides General, three privileged users and
# one unprivileged customer, a Support group, rights for the staff, and six
# tickets with a reply, a comment and status changes, so that the pages the
# sessions visit have content.
use strict;
use warnings;
use RT;
RT::LoadConfig();
RT::Init();

my $root = RT::User->new(RT->SystemUser);
$root->Load('root');
my ($ok, $msg) = $root->SetPassword($ENV{SMART_RT_ROOTPW} || die "SMART_RT_ROOTPW unset\n");
die "root password: $msg\n" unless $ok;

sub queue {
    my ($name, $desc, $addr) = @_;
    my $q = RT::Queue->new(RT->SystemUser);
    my ($id, $m) = $q->Create(Name => $name, Description => $desc, CorrespondAddress => $addr);
    die "queue $name: $m\n" unless $id;
    return $q;
}
my $general = RT::Queue->new(RT->SystemUser);
$general->Load('General');
my $support = queue('Support', 'Customer support requests', 'help@example.test');
my $ops = queue('Operations', 'Servers, backups and the network', 'ops@example.test');

sub user {
    my (%a) = @_;
    my $u = RT::User->new(RT->SystemUser);
    my ($id, $m) = $u->Create(%a);
    die "user $a{Name}: $m\n" unless $id;
    return $u;
}
my $alice = user(Name => 'alice', RealName => 'Alice Archer', EmailAddress => 'alice@example.test',
    Password => 'smart-Rt-2024', Privileged => 1, Organization => 'Example Support',
    WorkPhone => '+1 555 0101', City => 'Lisbon');
my $bob = user(Name => 'bob', RealName => 'Bob Baker', EmailAddress => 'bob@example.test',
    Password => 'smart-Rt-2024', Privileged => 1, Organization => 'Example Operations');
my $carol = user(Name => 'carol', RealName => 'Carol Chen', EmailAddress => 'carol@example.test',
    Privileged => 1);
my $dave = user(Name => 'dave@customer.test', RealName => 'Dave Customer',
    EmailAddress => 'dave@customer.test', Privileged => 0);

my $group = RT::Group->new(RT->SystemUser);
($ok, $msg) = $group->CreateUserDefinedGroup(Name => 'Support Staff', Description => 'Everyone who answers tickets');
die "group: $msg\n" unless $ok;
$group->AddMember($_->PrincipalId) for $alice, $bob, $carol;

# the staff group may do everything a staff member does in every queue
for my $right (qw(SeeQueue ShowTicket CreateTicket ReplyToTicket CommentOnTicket OwnTicket
                  ModifyTicket TakeTicket StealTicket ShowTicketComments Watch WatchAsAdminCc
                  ShowOutgoingEmail SeeCustomField ModifyCustomField)) {
    ($ok, $msg) = $group->PrincipalObj->GrantRight(Right => $right, Object => $RT::System);
    die "right $right: $msg\n" unless $ok;
}
for my $right (qw(ShowSavedSearches CreateSavedSearch ModifySelf)) {
    ($ok, $msg) = $group->PrincipalObj->GrantRight(Right => $right, Object => $RT::System);
    die "right $right: $msg\n" unless $ok;
}

sub ticket {
    my (%a) = @_;
    my $body = delete $a{Body};
    my $t = RT::Ticket->new(RT->SystemUser);
    my $mime = MIME::Entity->build(Type => 'text/plain', Charset => 'UTF-8', Data => [$body]);
    my ($id, undef, $m) = $t->Create(%a, MIMEObj => $mime);
    die "ticket $a{Subject}: $m\n" unless $id;
    return $t;
}
my @t;
push @t, ticket(Queue => $support->Id, Subject => 'Cannot log in to the customer portal',
    Requestor => ['dave@customer.test'], Owner => $alice->Id, Priority => 30,
    Body => "Since this morning the portal says my password is wrong.\nI have not changed it.");
push @t, ticket(Queue => $support->Id, Subject => 'Invoice 2024-117 shows the wrong address',
    Requestor => ['dave@customer.test'], Priority => 10,
    Body => "The invoice still has our old street address. Please correct it.");
push @t, ticket(Queue => $ops->Id, Subject => 'Nightly backup of db02 failed',
    Requestor => ['bob@example.test'], Owner => $bob->Id, Priority => 80,
    Body => "The backup job exited with status 12: no space left on the target volume.");
push @t, ticket(Queue => $ops->Id, Subject => 'Renew the TLS certificate for www',
    Requestor => ['carol@example.test'], Priority => 50,
    Body => "The certificate expires at the end of the month.");
push @t, ticket(Queue => $general->Id, Subject => 'Welcome aboard: set up a laptop for Erin',
    Requestor => ['alice@example.test'], Owner => $carol->Id,
    Body => "Erin starts on Monday; she needs a laptop and accounts.");
push @t, ticket(Queue => $support->Id, Subject => 'Feature request: export tickets as CSV',
    Requestor => ['dave@customer.test'], Priority => 5,
    Body => "It would help us to export our tickets to a spreadsheet.");

my $as_alice = RT::CurrentUser->new; $as_alice->Load('alice');
my $t0 = RT::Ticket->new($as_alice); $t0->Load($t[0]->Id);
$t0->Correspond(Content => "Hello Dave,\nI have reset your password; please try again.");
$t0->Comment(Content => "Account was locked after five failed attempts.");
$t0->SetStatus('stalled');
my $as_bob = RT::CurrentUser->new; $as_bob->Load('bob');
my $t2 = RT::Ticket->new($as_bob); $t2->Load($t[2]->Id);
$t2->Comment(Content => "Freed 40 GB on the backup volume; rerunning tonight.");
$t2->SetStatus('resolved');
my $t3 = RT::Ticket->new(RT->SystemUser); $t3->Load($t[3]->Id);
$t3->SetStatus('open');
print "seeded ", scalar(@t), " tickets\n";
