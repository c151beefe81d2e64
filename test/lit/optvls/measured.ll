; The remark of a rewrite says what bench/optvls measured for the same target
; CPU and group shape (OptVLS/OVLSMeasured.h): the range of plain / plugin
; time over the bench's cases, and its kernels. The table is built into the
; plugin (OptVLS/optvls-measured.json); -t2s-optvls-measured=FILE reads
; another, here a fixture. A CPU or shape the bench did not run gets the
; prediction alone.
; RUN: %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -mattr=+avx2,+fma -t2s-optvls-measured=%S/Inputs/measured.json -pass-remarks=t2s-optvls -disable-output %s 2>&1 | FileCheck %s
; RUN: not %t2s-opt -passes=t2s-optvls -mtriple=x86_64-unknown-linux-gnu -t2s-optvls-measured=%t.missing.json -disable-output %s 2>&1 | FileCheck %s --check-prefix=MISSING

; The built-in table (llvm-passes/OptVLS/optvls-measured.json, written by the
; bench) has the x86-64-v3 shapes of the bench's kernels, whose rewrites do not
; depend on the machine: a C loop of that shape gets its figures.
; RUN: %clang -O3 -march=x86-64-v3 -fpass-plugin=%t2s_plugin -Rpass=t2s-optvls -c %S/Inputs/measured-pair.c -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUILTIN
; BUILTIN: measured-pair.c:6:{{[0-9]+}}: remark: replaced 2 scalarized gathers of <4 x double> {{.*}}; predicted {{[0-9.]+}}x; measured by bench/optvls on x86-64-v3: {{[0-9.]+}}-{{[0-9.]+}}x against the plain build over {{[0-9]+}} cases ({{.*}}g2_f64{{.*}})

; CHECK: remark: <unknown>:0:0: replaced 2 scalarized gathers of <4 x double> by {{.*}}; predicted 1.27x; measured by bench/optvls on x86-64-v3: 1.10-1.45x against the plain build over 16 cases (g2_f64, p2_f64)
; CHECK: remark: <unknown>:0:0: replaced 4 scalarized gathers of <4 x double> by {{.*}}; predicted 1.75x; measured by bench/optvls on x86-64-v3: 0.98x against the plain build over 1 case (g4_f64)
; CHECK: remark: <unknown>:0:0: replaced 2 scalarized gathers of <4 x double> by {{.*}}; predicted 1.27x{{$}}
; MISSING: error: cannot read {{.*}}missing.json: {{[Nn]}}o such file or directory

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

define <4 x double> @pair_v3(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3) #0 {
  %p0 = getelementptr inbounds [2 x double], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [2 x double], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [2 x double], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [2 x double], ptr %r, i64 %j3
  %a0 = load double, ptr %p0, align 8
  %a1 = load double, ptr %p1, align 8
  %a2 = load double, ptr %p2, align 8
  %a3 = load double, ptr %p3, align 8
  %q0 = getelementptr inbounds i8, ptr %p0, i64 8
  %q1 = getelementptr inbounds i8, ptr %p1, i64 8
  %q2 = getelementptr inbounds i8, ptr %p2, i64 8
  %q3 = getelementptr inbounds i8, ptr %p3, i64 8
  %b0 = load double, ptr %q0, align 8
  %b1 = load double, ptr %q1, align 8
  %b2 = load double, ptr %q2, align 8
  %b3 = load double, ptr %q3, align 8
  %va0 = insertelement <4 x double> poison, double %a0, i64 0
  %va1 = insertelement <4 x double> %va0, double %a1, i64 1
  %va2 = insertelement <4 x double> %va1, double %a2, i64 2
  %va = insertelement <4 x double> %va2, double %a3, i64 3
  %vb0 = insertelement <4 x double> poison, double %b0, i64 0
  %vb1 = insertelement <4 x double> %vb0, double %b1, i64 1
  %vb2 = insertelement <4 x double> %vb1, double %b2, i64 2
  %vb = insertelement <4 x double> %vb2, double %b3, i64 3
  %s = fadd <4 x double> %va, %vb
  ret <4 x double> %s
}

define <4 x double> @record4_v3(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3) #0 {
  %p0 = getelementptr inbounds [4 x double], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [4 x double], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [4 x double], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [4 x double], ptr %r, i64 %j3
  %a0_0 = load double, ptr %p0, align 8
  %a0_1 = load double, ptr %p1, align 8
  %a0_2 = load double, ptr %p2, align 8
  %a0_3 = load double, ptr %p3, align 8
  %v0_0 = insertelement <4 x double> poison, double %a0_0, i64 0
  %v0_1 = insertelement <4 x double> %v0_0, double %a0_1, i64 1
  %v0_2 = insertelement <4 x double> %v0_1, double %a0_2, i64 2
  %v0 = insertelement <4 x double> %v0_2, double %a0_3, i64 3
  %q1_0 = getelementptr inbounds i8, ptr %p0, i64 8
  %a1_0 = load double, ptr %q1_0, align 8
  %q1_1 = getelementptr inbounds i8, ptr %p1, i64 8
  %a1_1 = load double, ptr %q1_1, align 8
  %q1_2 = getelementptr inbounds i8, ptr %p2, i64 8
  %a1_2 = load double, ptr %q1_2, align 8
  %q1_3 = getelementptr inbounds i8, ptr %p3, i64 8
  %a1_3 = load double, ptr %q1_3, align 8
  %v1_0 = insertelement <4 x double> poison, double %a1_0, i64 0
  %v1_1 = insertelement <4 x double> %v1_0, double %a1_1, i64 1
  %v1_2 = insertelement <4 x double> %v1_1, double %a1_2, i64 2
  %v1 = insertelement <4 x double> %v1_2, double %a1_3, i64 3
  %q2_0 = getelementptr inbounds i8, ptr %p0, i64 16
  %a2_0 = load double, ptr %q2_0, align 8
  %q2_1 = getelementptr inbounds i8, ptr %p1, i64 16
  %a2_1 = load double, ptr %q2_1, align 8
  %q2_2 = getelementptr inbounds i8, ptr %p2, i64 16
  %a2_2 = load double, ptr %q2_2, align 8
  %q2_3 = getelementptr inbounds i8, ptr %p3, i64 16
  %a2_3 = load double, ptr %q2_3, align 8
  %v2_0 = insertelement <4 x double> poison, double %a2_0, i64 0
  %v2_1 = insertelement <4 x double> %v2_0, double %a2_1, i64 1
  %v2_2 = insertelement <4 x double> %v2_1, double %a2_2, i64 2
  %v2 = insertelement <4 x double> %v2_2, double %a2_3, i64 3
  %q3_0 = getelementptr inbounds i8, ptr %p0, i64 24
  %a3_0 = load double, ptr %q3_0, align 8
  %q3_1 = getelementptr inbounds i8, ptr %p1, i64 24
  %a3_1 = load double, ptr %q3_1, align 8
  %q3_2 = getelementptr inbounds i8, ptr %p2, i64 24
  %a3_2 = load double, ptr %q3_2, align 8
  %q3_3 = getelementptr inbounds i8, ptr %p3, i64 24
  %a3_3 = load double, ptr %q3_3, align 8
  %v3_0 = insertelement <4 x double> poison, double %a3_0, i64 0
  %v3_1 = insertelement <4 x double> %v3_0, double %a3_1, i64 1
  %v3_2 = insertelement <4 x double> %v3_1, double %a3_2, i64 2
  %v3 = insertelement <4 x double> %v3_2, double %a3_3, i64 3
  %s1 = fadd <4 x double> %v0, %v1
  %s2 = fadd <4 x double> %s1, %v2
  %s3 = fadd <4 x double> %s2, %v3
  ret <4 x double> %s3
}

define <4 x double> @pair_haswell(ptr %r, i64 %j0, i64 %j1, i64 %j2, i64 %j3) #1 {
  %p0 = getelementptr inbounds [2 x double], ptr %r, i64 %j0
  %p1 = getelementptr inbounds [2 x double], ptr %r, i64 %j1
  %p2 = getelementptr inbounds [2 x double], ptr %r, i64 %j2
  %p3 = getelementptr inbounds [2 x double], ptr %r, i64 %j3
  %a0 = load double, ptr %p0, align 8
  %a1 = load double, ptr %p1, align 8
  %a2 = load double, ptr %p2, align 8
  %a3 = load double, ptr %p3, align 8
  %q0 = getelementptr inbounds i8, ptr %p0, i64 8
  %q1 = getelementptr inbounds i8, ptr %p1, i64 8
  %q2 = getelementptr inbounds i8, ptr %p2, i64 8
  %q3 = getelementptr inbounds i8, ptr %p3, i64 8
  %b0 = load double, ptr %q0, align 8
  %b1 = load double, ptr %q1, align 8
  %b2 = load double, ptr %q2, align 8
  %b3 = load double, ptr %q3, align 8
  %va0 = insertelement <4 x double> poison, double %a0, i64 0
  %va1 = insertelement <4 x double> %va0, double %a1, i64 1
  %va2 = insertelement <4 x double> %va1, double %a2, i64 2
  %va = insertelement <4 x double> %va2, double %a3, i64 3
  %vb0 = insertelement <4 x double> poison, double %b0, i64 0
  %vb1 = insertelement <4 x double> %vb0, double %b1, i64 1
  %vb2 = insertelement <4 x double> %vb1, double %b2, i64 2
  %vb = insertelement <4 x double> %vb2, double %b3, i64 3
  %s = fadd <4 x double> %va, %vb
  ret <4 x double> %s
}

attributes #0 = { "target-cpu"="x86-64-v3" }
attributes #1 = { "target-cpu"="haswell" }
