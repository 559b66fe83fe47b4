/*
 * A tiny bank whose books stop balancing: the ledger's journal of the day's postings has room for
 * eight, and the check before each entry is off by one, so the ninth posting of a busy day is
 * written one slot past the journal, onto the reserve that follows it in the struct. Nothing
 * notices until the audit at the end, 27 days and some 130 postings later.
 * Used by the e2e tests of the native console (compiled there with gcc -g -O0).
 */
#include <stdio.h>
#include <string.h>

struct account {
  char owner[12];
  long balance;
};

struct ledger {
  long journal[8]; /* the day's postings, for the statement */
  long reserve;    /* money the bank holds back; only the bank's own code changes it */
  int count;
};

static struct account accounts[4];
static struct ledger bank;

static void journal(long amount) {
  if (bank.count <= 8) {
    bank.journal[bank.count++] = amount; /* the corrupting write */
  }
}

static void post(struct account *a, long amount) {
  a->balance += amount;
  journal(amount); /* the call */
}

static void transfer(int from, int to, long amount) {
  post(&accounts[from], -amount);
  post(&accounts[to], amount);
}

static void close_day(int day) {
  memset(bank.journal, 0, sizeof bank.journal);
  bank.count = 0; /* day closed */
}

static long total(void) {
  long sum = bank.reserve;
  for (int i = 0; i < 4; i++) {
    sum += accounts[i].balance;
  }
  return sum;
}

int main(void) {
  const char *owners[] = {"alice", "bob", "carol", "dave"};
  long opening[] = {5000, 300, 1200, 80};
  for (int i = 0; i < 4; i++) {
    strncpy(accounts[i].owner, owners[i], sizeof accounts[i].owner - 1);
    accounts[i].balance = opening[i];
  }
  bank.reserve = 10000;
  long before = total();
  for (int day = 1; day <= 30; day++) {
    int transfers = day == 3 ? 5 : 2;
    for (int t = 0; t < transfers; t++) {
      transfer(t % 4, (t + day) % 4, 10 * day + t);
    }
    close_day(day);
  }
  long after = total();
  if (after != before) { /* the audit */
    printf("audit failed: the books are off by %ld\n", after - before);
    return 1;
  }
  printf("audit passed\n");
  return 0;
}
